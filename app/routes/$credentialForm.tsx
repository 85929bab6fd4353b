// Every credential connection form of spec 3 §2.7 (/shopify, /woocommerce, … /comment-sold),
// generated from the catalogue's connection fields. The credential is checked through the
// platform's connector before anything is kept; the OAuth return route then saves the source.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { openAttempt, platformOfFormPath, SourceFlowError, submitCredentialForm } from "~/services/sources.server";
import { credentialFormSchema, formFieldsOf, type FormField } from "~/utils/credential-form-schema";
import { CredentialField, credentialInputClass as inputClass } from "~/components/credential-field";
import { Banner, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { PlatformIcon } from "~/components/sources";
import { connectionHelp } from "~/utils/connection-help";
import { ALERT_ONBOARDING } from "~/utils/sources";
import { readForm } from "~/services/request-input.server";

function formPlatform(segment: string | undefined) {
  const platform = segment ? platformOfFormPath(segment) : undefined;
  // Not a form path: behave like the catch-all route (spec 3 §2.1 "anything else redirects to /").
  if (!platform) throw redirect("/");
  return platform;
}

function fieldsOf(platform: ReturnType<typeof formPlatform>): FormField[] {
  return formFieldsOf(platform.connectionFields);
}


export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.platform.displayName ?? "Connect"} · Signalpost` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company, user } = await requireUser(request);
  const platform = formPlatform(params.credentialForm);
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  const attempt = await openAttempt(company.id, user.id, state, platform.id);
  return json({
    platform: {
      id: platform.id,
      displayName: platform.displayName,
      description: platform.description,
      icon: platform.icon,
      implemented: platform.implemented,
      help: connectionHelp(platform),
      authMethod: platform.authMethod,
      fields: fieldsOf(platform),
    },
    state: attempt ? state : null,
    expired: Boolean(state) && !attempt,
    sourceName: attempt?.name ?? null,
    from: url.searchParams.get("from"),
    serviceAccount: url.searchParams.get("auth_account"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const platform = formPlatform(params.credentialForm);
  const schema = credentialFormSchema(fieldsOf(platform));
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), failure: null }, { status: 400 });
  }
  const { state, from, ...values } = submission.value as Record<string, string | undefined>;
  try {
    const next = await submitCredentialForm({
      company,
      user,
      platform,
      state: state || null,
      fromApp: from || null,
      values,
      origin: new URL(request.url).origin,
    });
    return redirect(next);
  } catch (error) {
    if (!(error instanceof SourceFlowError)) throw error;
    return json(
      {
        result: submission.reply({ hideFields: platform.connectionFields.filter((f) => f.type === "password").map((f) => f.name) }),
        failure: { title: error.title, text: error.message, detail: error.detail, kind: error.kind },
      },
      { status: error.status },
    );
  }
}

export default function CredentialForm() {
  const { platform, state, expired, sourceName, from, serviceAccount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Back where the connection started: the alert wizard, or the list of platforms.
  const cancelHref = from === ALERT_ONBOARDING ? "/data-sources/add" : "/data-connector/sources/new";
  const schema = credentialFormSchema(platform.fields);
  const [form, fields] = useForm({
    id: `credential-${platform.id}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-6 py-3 text-sm font-semibold text-slate-700" data-testid="credential-banner">
        Signalpost x {platform.displayName}
      </header>
      <main className="mx-auto max-w-lg px-4 py-8">
        <div className="mb-6 flex items-start gap-4">
          <PlatformIcon platform={platform.id} name={platform.displayName} size={48} />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">Connect your {platform.displayName} account</h1>
            <p className="mt-1 text-sm text-slate-600">{platform.description}</p>
            {sourceName ? <p className="mt-1 text-xs text-slate-500">Source: {sourceName}</p> : null}
          </div>
        </div>
        <div className="space-y-3">
          {!platform.implemented ? (
            <Banner tone="info" title="Coming soon">
              The {platform.displayName} connector is coming soon: this form cannot connect an account yet and saves nothing.
            </Banner>
          ) : null}
          {expired ? (
            <Banner tone="error" title="This connection link has expired">
              Submitting the form creates a new source named {platform.displayName}.{" "}
              <Link to="/data-connector/sources/new" className="underline">
                Start again from the sources page
              </Link>
              .
            </Banner>
          ) : null}
          {actionData?.failure ? (
            <div data-testid="connect-failure" data-kind={actionData.failure.kind}>
              <Banner tone="error" title={actionData.failure.title}>
                <p>{actionData.failure.text}</p>
                {actionData.failure.detail ? <p className="mt-1 text-xs opacity-80">{platform.displayName} said: {actionData.failure.detail}</p> : null}
              </Banner>
            </div>
          ) : null}
        </div>
        <Form method="post" {...getFormProps(form)} className="mt-4 rounded-lg bg-white p-6 shadow">
          {state ? <input type="hidden" name="state" value={state} /> : null}
          {from ? <input type="hidden" name="from" value={from} /> : null}
          {serviceAccount ? (
            <div className="mb-3">
              <label htmlFor="service-account" className="block text-sm font-medium text-slate-700">
                Service account to invite
              </label>
              <input id="service-account" readOnly value={serviceAccount} className={`${inputClass} border-slate-300 bg-slate-100`} />
            </div>
          ) : null}
          {platform.fields.map((f) => (
            <CredentialField key={f.name} field={f} meta={fields[f.name as keyof typeof fields] as { id: string; errors?: string[]; initialValue?: unknown }} />
          ))}
          <div className="mt-2 flex items-center justify-end gap-2">
            <Link to={cancelHref} className="rounded-md px-4 py-2 text-sm text-slate-700 hover:bg-slate-100" data-testid="credential-cancel">Cancel</Link>
            <SubmitButton pendingLabel={`Checking with ${platform.displayName}…`}>Next</SubmitButton>
          </div>
        </Form>
        <section aria-labelledby="where-title" className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="connection-help">
          <h2 id="where-title" className="font-semibold text-slate-800">Where to find {platform.fields.length > 1 ? "these" : "it"}</h2>
          <p className="mt-1 text-slate-700">{platform.help.steps}</p>
          {platform.help.docUrl ? (
            <p className="mt-2">
              <a href={platform.help.docUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                {platform.displayName}&apos;s own guide
              </a>{" "}
              <span className="text-xs text-slate-500">(opens {new URL(platform.help.docUrl).host})</span>
            </p>
          ) : null}
        </section>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
