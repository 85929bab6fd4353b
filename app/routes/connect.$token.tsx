// /connect/{token}: the page a client opens from a connect link (issue 22 item 3, decision 0932),
// without an account. It says who asks, for which company and platform, and until when; the
// client connects through the platform's consent page or its credential form. Works without
// JavaScript: one form, posted to this route.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { assertSameOrigin } from "~/services/csrf.server";
import { readForm } from "~/services/request-input.server";
import { connectThroughLink, LinkUnavailableError, openLink, platformOfLink, type ClientLinkPage } from "~/services/client-links.server";
import { SourceFlowError } from "~/services/sources.server";
import { redirectWithToast } from "~/services/toast.server";
import { credentialFormSchema, formFieldsOf } from "~/utils/credential-form-schema";
import { Banner, SubmitButton } from "~/components/forms";
import { CredentialField } from "~/components/credential-field";
import { PlatformIcon } from "~/components/sources";
import { GeneralErrorBoundary } from "~/components/error-box";

type Page = ClientLinkPage | { state: "unavailable"; message: string };

export const meta: MetaFunction = () => [{ title: "Connect an account · Signalpost" }, { name: "robots", content: "noindex" }];

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    return json<Page>(await openLink(params.token));
  } catch (error) {
    if (error instanceof LinkUnavailableError) return json<Page>({ state: "unavailable", message: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = params.token;
  try {
    const platform = await platformOfLink(token);
    const fields = formFieldsOf(platform.connectionFields);
    const submission = parseWithZod(await readForm(request), { schema: credentialFormSchema(fields) });
    const secret = platform.connectionFields.filter((f) => f.type === "password").map((f) => f.name);
    if (submission.status !== "success") return json({ result: submission.reply({ hideFields: secret }), failure: null }, { status: 400 });
    const outcome = await connectThroughLink(token, submission.value as Record<string, string | undefined>, new URL(request.url).origin);
    if (outcome.kind === "redirect") return redirect(outcome.url, { headers: { "Set-Cookie": outcome.setCookie } });
    return redirectWithToast(`/connect/${token}`, { type: "success", title: `Your ${platform.displayName} account is connected`, description: "You can close this page." });
  } catch (error) {
    if (error instanceof LinkUnavailableError) return json({ result: null, failure: { title: "This link cannot be used", message: error.message } }, { status: error.status });
    if (error instanceof SourceFlowError) return json({ result: null, failure: { title: error.title, message: error.message } }, { status: error.status });
    throw error;
  }
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-6 py-3 text-sm font-semibold text-slate-700">Signalpost</header>
      <main className="mx-auto max-w-lg space-y-4 px-4 py-8">{children}</main>
    </div>
  );
}

export default function ClientConnect() {
  const page = useLoaderData<typeof loader>() as Page;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const platform = page.state === "active" ? page.platform : null;
  const schema = credentialFormSchema(platform ? formFieldsOf(platform.fields) : []);
  const [form, fields] = useForm({
    id: "client-connect",
    lastResult: actionData?.result ?? undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
  if (page.state === "unavailable") {
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900">This link cannot be used</h1>
        <Banner tone="error" title="Nothing was connected">{page.message}</Banner>
      </Shell>
    );
  }
  if (page.state === "used") {
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900">Your {page.platformName} account is connected</h1>
        <Banner tone="success" title={`${page.companyName} can now read its reporting data`}>
          This link has done its job and cannot be used again. You can close this page.
        </Banner>
      </Shell>
    );
  }
  const p = page.platform;
  const expires = new Date(page.expiresAt).toLocaleString("en-GB", { timeZone: "UTC", dateStyle: "long", timeStyle: "short" });
  return (
    <Shell>
      <div className="flex items-start gap-4">
        <PlatformIcon platform={p.id} name={p.displayName} size={48} />
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Connect your {p.displayName} account</h1>
          <p className="mt-1 text-sm text-slate-600">{p.description}</p>
        </div>
      </div>
      <section className="rounded-lg bg-white p-5 text-sm text-slate-700 shadow" aria-label="Who is asking">
        <p>
          <strong>{page.askedBy}</strong> of <strong>{page.companyName}</strong> asks you ({page.clientName}) to connect your {p.displayName} account to Signalpost.
        </p>
        {page.message ? <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 text-slate-600">{page.message}</blockquote> : null}
        <ul className="mt-3 list-inside list-disc space-y-1 text-slate-600">
          <li>{page.companyName} will read the reporting data (spend, clicks, results…) of the accounts this login can see. It cannot change anything in them.</li>
          <li>You do not need a Signalpost account. {p.form && p.authMethod === "api-key" ? "Your credentials are stored encrypted and never shown to anyone." : `You sign in on ${p.displayName}'s own page: Signalpost never sees your password.`}</li>
          <li>The link works once, until {expires} UTC.</li>
        </ul>
      </section>
      {actionData?.failure ? (
        <Banner tone="error" title={actionData.failure.title}>
          {actionData.failure.message}
        </Banner>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-2 rounded-lg bg-white p-5 shadow">
        {p.fields.length ? formFieldsOf(p.fields).map((f) => <CredentialField key={f.name} field={f} meta={fields[f.name as keyof typeof fields] as { id: string; errors?: string[]; initialValue?: unknown }} />) : null}
        <div className="flex justify-end">
          <SubmitButton busy={navigation.state === "submitting"}>{p.authMethod === "api-key" ? `Connect ${p.displayName}` : `Continue to ${p.displayName}`}</SubmitButton>
        </div>
      </Form>
    </Shell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
