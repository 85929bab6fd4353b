// /data-sources/add: the alert onboarding wizard (spec 3 §2.9). Steps Create account, Activate
// alert and Preview; the step and its choices live in the URL (?source, ?q, ?connect, ?step,
// ?client) and every decision is a form post, so the wizard works without JavaScript. JavaScript
// adds the account search as you type, Next disabled until an account is chosen, the template
// toggles without reload and pending states.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireUser } from "~/services/session.server";
import { redirectWithToast, toastHeaders } from "~/services/toast.server";
import { templateToggleReply } from "~/services/alerts.server";
import { chooseAccount, onboardingLoader, requireOnboardingClient, saveOnboarding } from "~/services/alert-onboarding.server";
import { connectAction } from "~/services/source-connect.server";
import { AccountStepSchema, ACCOUNT_LIST_CAP, ACCOUNT_SEARCH_DEBOUNCE_MS, ONBOARDING_MESSAGES, ONBOARDING_STEPS } from "~/utils/alert-onboarding";
import { ALERT_ONBOARDING } from "~/utils/sources";
import { useHydrated } from "~/utils/use-hydrated";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { SourceCards, Stepper } from "~/components/wizard";
import { ConnectForm } from "~/components/sources";
import { TemplateList } from "~/components/template-picker";
import { Spinner } from "~/components/spinner";
import { readForm } from "~/services/request-input.server";
import { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Add a client · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await onboardingLoader(company.id, new URL(request.url)));
}

/** Which step a post is; the account the wizard works on comes with it or in the URL. */
const OnboardingPostSchema = z.object({ intent: z.enum(["connect", "account", "toggle-template", "save"]), client: z.string().optional() });

type Failure = { title: string; message: string };
type ActionData = { result?: { error?: Record<string, string[] | null> | null }; failure?: Failure | null; ok?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const url = new URL(request.url);
  const form = await readForm(request);
  const post = parseWithZod(form, { schema: OnboardingPostSchema });
  if (post.status !== "success") return json({ failure: { title: "Unknown action", message: "This form cannot be sent here." } }, { status: 400 });
  const { intent } = post.value;
  const clientId = post.value.client ?? url.searchParams.get("client") ?? "";

  if (intent === "connect") {
    // A new source through the sources flow; its return comes back here (ALERT_ONBOARDING).
    form.set("from", ALERT_ONBOARDING);
    return connectAction(request, form);
  }
  if (intent === "account") {
    const submission = parseWithZod(form, { schema: AccountStepSchema });
    if (submission.status !== "success") return json({ result: submission.reply(), failure: null }, { status: 400 });
    const outcome = await chooseAccount(company.id, submission.value.sourceId, submission.value.accountId);
    if ("fieldError" in outcome) return json({ result: submission.reply({ fieldErrors: { accountId: [outcome.fieldError] } }), failure: null }, { status: 400 });
    if ("failure" in outcome) return json({ result: submission.reply(), failure: outcome.failure }, { status: 500 });
    return redirect(`/data-sources/add?step=alert&client=${outcome.dataSourceId}`);
  }
  if (intent === "toggle-template") {
    const client = await requireOnboardingClient(company.id, clientId);
    return templateToggleReply(request, company.id, user.id, client, form);
  }
  if (intent === "save") {
    const outcome = await saveOnboarding(company, user.id, clientId);
    if ("error" in outcome) {
      const failure = { title: ONBOARDING_MESSAGES.saveFailedTitle, message: outcome.error };
      return json({ failure }, { status: outcome.status, headers: outcome.status >= 500 ? await toastHeaders({ type: "error", title: failure.title, description: failure.message }) : undefined });
    }
    return redirectWithToast(`/clients/${outcome.clientId}`, { type: "success", title: ONBOARDING_MESSAGES.savedTitle, description: ONBOARDING_MESSAGES.saved });
  }
  return json({ failure: { title: "Unknown action", message: "This form cannot be sent here." } }, { status: 400 });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const button = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50";

function FailureBanner({ failure }: { failure?: Failure | null }) {
  if (!failure) return null;
  return (
    <div className="mb-4">
      <Banner tone="error" title={failure.title}>
        {failure.message || null}
      </Banner>
    </div>
  );
}

/** Step 1, connecting a new source: the platform (a GET choice), then the sources flow's connect form. */
function ConnectSource({ data, actionData }: { data: Data; actionData?: ActionData }) {
  const connect = data.connect;
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="connect-title">
      <h2 id="connect-title" className="mb-1 font-semibold">Connect a new source</h2>
      <p className="mb-3 text-sm text-slate-600">Connect the ads platform whose accounts you want to protect.</p>
      <Form method="get" className="mb-4 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="connect-platform" className="block text-sm font-medium text-slate-700">Platform</label>
          <select id="connect-platform" name="connect" defaultValue={connect?.id ?? ""} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="" disabled>
              Choose a platform
            </option>
            {data.platforms.map((p) => (
              <option key={p.id} value={p.id}>
                {p.displayName}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={button}>Choose</button>
      </Form>
      {connect ? (
        <ConnectForm action={`/data-sources/add?connect=${encodeURIComponent(connect.id)}`} hidden={{ intent: "connect", platform: connect.id, from: ALERT_ONBOARDING }} submitLabel="Connect your account">
          <Field label="Name" errors={actionData?.result?.error?.name ?? null} inputProps={{ id: "source-name", name: "name", type: "text", defaultValue: connect.displayName, maxLength: 120, "aria-required": true }} help="The name shown in your sources list." />
        </ConnectForm>
      ) : null}
    </section>
  );
}

/** Step 1, the account of the chosen source: searchable, capped to 100, Next once one is chosen. */
function ChooseAccount({ data, actionData }: { data: Data; actionData?: ActionData }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const search = useFetcher<typeof loader>();
  const [query, setQuery] = useState(data.search);
  const [selected, setSelected] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const chosen = (search.data?.chosen ?? data.chosen)!;
  const sourceId = chosen.source.id;
  // A new search may drop the selected account from the list: Next waits for a new choice.
  useEffect(() => {
    if (selected && !chosen.accounts.some((a) => a.accountId === selected)) setSelected("");
  }, [chosen.accounts, selected]);
  const onSearch = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search.load(`/data-sources/add?${new URLSearchParams({ source: String(sourceId), q: value })}`), ACCOUNT_SEARCH_DEBOUNCE_MS);
  };
  const error = actionData?.result?.error?.accountId ?? null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "account";
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="account-title">
      <h2 id="account-title" className="mb-1 font-semibold">Choose an account of {chosen.source.name}</h2>
      <p className="mb-3 text-sm text-slate-600">{chosen.source.platformName}: the account you want to protect with alerts.</p>
      <Form method="get" className="mb-3 flex items-end gap-2" onSubmit={() => clearTimeout(timer.current)}>
        <input type="hidden" name="source" value={sourceId} />
        <div className="flex-1">
          <label htmlFor="account-search" className="block text-sm font-medium text-slate-700">Search an account</label>
          <input id="account-search" name="q" value={query} onChange={(e) => onSearch(e.currentTarget.value)} placeholder="Account name" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" autoComplete="off" />
        </div>
        <button type="submit" className={button}>Search</button>
      </Form>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="account" />
        <input type="hidden" name="sourceId" value={sourceId} />
        <label htmlFor="account" className="flex items-center gap-2 text-sm font-medium text-slate-700">
          Account
          {search.state !== "idle" ? <Spinner label="Searching" className="h-3 w-3" /> : null}
        </label>
        {chosen.accounts.length === 0 ? (
          <p className="my-3 text-sm text-slate-500" data-testid="no-account">No account matches{query ? ` "${query}"` : ""}.</p>
        ) : (
          <select
            id="account"
            name="accountId"
            size={Math.min(8, Math.max(2, chosen.accounts.length))}
            onChange={(e) => setSelected(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "account-error" : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            data-pending={search.state !== "idle" || undefined}
          >
            {chosen.accounts.map((a) => (
              <option key={a.accountId} value={a.accountId}>
                {a.name}
                {a.protected ? " (already protected)" : ""}
              </option>
            ))}
          </select>
        )}
        <p className="mt-1 text-xs text-slate-500" data-testid="account-count">
          {chosen.matching > ACCOUNT_LIST_CAP ? `Showing the first ${ACCOUNT_LIST_CAP} of ${chosen.matching} accounts: search to narrow the list.` : `${chosen.matching} account${chosen.matching === 1 ? "" : "s"}.`}
        </p>
        <div id="account-error" className="min-h-[1.25rem] pt-0.5 text-xs text-red-600">
          {error?.join(" ") ?? null}
        </div>
        <div className="mt-2 flex items-center justify-between">
          <Link to="/data-sources/add" className="text-sm text-brand-700 hover:underline">← Choose another source</Link>
          <SubmitButton busy={busy} disabled={hydrated && !selected}>Next</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function AccountStep({ data, actionData }: { data: Data; actionData?: ActionData }) {
  if (data.chosen) return <ChooseAccount key={data.chosen.source.id} data={data} actionData={actionData} />;
  return (
    <div className="space-y-6">
      {data.sources.length > 0 ? (
        <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="sources-title">
          <h2 id="sources-title" className="mb-1 font-semibold">Choose a source</h2>
          <p className="mb-4 text-sm text-slate-600">Pick one of your connected sources to choose the account to protect.</p>
          <SourceCards sources={data.sources} columns="lg:grid-cols-3" />
        </section>
      ) : null}
      <ConnectSource data={data} actionData={actionData} />
    </div>
  );
}

function AlertStep({ data }: { data: Data }) {
  const client = data.client!;
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="alert-title">
      <h2 id="alert-title" className="mb-1 font-semibold">Activate alerts on {client.name}</h2>
      <p className="mb-4 text-sm text-slate-600">Your {client.platformName} templates: switch on the ones that should watch this account.</p>
      <TemplateList templates={data.templates} search={data.search} hidden={{ step: "alert", client: String(client.id) }} />
      <Link to={`/clients/${client.id}/alerts/create/default`} className="mt-4 block text-sm text-brand-700 hover:underline">Or start from scratch</Link>
      <div className="mt-6 flex items-center justify-between">
        <Link to={`/data-sources/add?source=${client.sourceId}`} className="text-sm text-brand-700 hover:underline">← Back</Link>
        <Link to={`/data-sources/add?step=preview&client=${client.id}`} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Next</Link>
      </div>
    </section>
  );
}

function PreviewStep({ data, actionData }: { data: Data; actionData?: ActionData }) {
  const client = data.client!;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="preview-title">
      <h2 id="preview-title" className="mb-1 font-semibold">Preview of {client.name}</h2>
      <p className="mb-4 text-sm text-slate-600">What the activated alerts find on this account right now.</p>
      <FailureBanner failure={actionData?.failure} />
      {data.preview.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          No alert activated yet. <Link to={`/data-sources/add?step=alert&client=${client.id}`} className="text-brand-700 hover:underline">Activate an alert</Link>
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2">Alert</th>
              <th className="px-3 py-2">Type</th>
              <th className="px-3 py-2">Now</th>
            </tr>
          </thead>
          <tbody>
            {data.preview.map((p) => (
              <tr key={p.configuredForId} className="border-t border-slate-100" data-testid="preview-row">
                <td className="px-3 py-2">{p.title}</td>
                <td className="px-3 py-2">{p.type}</td>
                <td className="px-3 py-2">
                  {p.error ? (
                    <span className="text-red-700">Not available: {p.error}</span>
                  ) : p.analysed === null ? (
                    <span className="text-slate-500">Runs after saving</span>
                  ) : (
                    <span className={p.anomalies ? "font-semibold text-red-700" : "text-green-700"}>
                      {p.anomalies} in anomaly on {p.analysed} analysed
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" className="mt-6 flex items-center justify-between">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="client" value={client.id} />
        <Link to={`/data-sources/add?step=alert&client=${client.id}`} className="text-sm text-brand-700 hover:underline">← Back</Link>
        <SubmitButton busy={saving}>Save</SubmitButton>
      </Form>
    </section>
  );
}

export default function AddClient() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Add a client" />
      <Stepper steps={ONBOARDING_STEPS} current={data.index} />
      {data.step === "account" ? (
        <>
          <FailureBanner failure={actionData?.failure} />
          <AccountStep data={data} actionData={actionData} />
        </>
      ) : data.step === "alert" ? (
        <AlertStep data={data} />
      ) : (
        <PreviewStep data={data} actionData={actionData} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
