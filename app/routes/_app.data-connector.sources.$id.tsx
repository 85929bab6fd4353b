// Edit source and account selection (spec 2 §2): rename, refresh the connection, the account list
// from the connector (cached with its last refresh), toggles, blocks and "Account no more available".
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { defer, json, redirect } from "@remix-run/node";
import { Await, Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Suspense, useMemo, useState } from "react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import {
  activateAccount,
  deactivateAccount,
  getSource,
  refreshAccounts,
  renameSource,
  setAccountBlocked,
  SourceFlowError,
  type AccountRow,
  type SourceDetail,
} from "~/services/sources.server";
import { connectAction } from "~/services/source-connect.server";
import { BLOCKED_MESSAGE, SOURCE_MESSAGES, sourceNameSchema } from "~/utils/sources";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { Banner, Field, SubmitButton } from "~/components/forms";
import { ConnectForm, ConnectOutcomeMarker, PlatformIcon, StatusBadge, useRevalidateEvery } from "~/components/sources";
import { Spinner } from "~/components/spinner";
import { readForm, submittedIntent } from "~/services/request-input.server";
import { idField, parseId } from "../../lib/ids.js";

const RenameSchema = z.object({
  intent: z.literal("rename"),
  name: sourceNameSchema,
});
const AccountSchema = z.object({ intent: z.literal("activate"), accountId: z.string().min(1) });
const DataSourceSchema = z.object({ intent: z.enum(["deactivate", "block", "unblock"]), dataSourceId: idField() });
const RefreshAccountsSchema = z.object({ intent: z.literal("refresh-accounts") });
export const SourcePageSchema = z.discriminatedUnion("intent", [RenameSchema, AccountSchema, DataSourceSchema, RefreshAccountsSchema]);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data && "source" in data && data.source ? data.source.name : "Source"} · Signalpost` }];

function sourceId(params: { id?: string }): number | null {
  return parseId(params.id);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const id = sourceId(params);
  const source = id ? await getSource(company.id, id) : undefined;
  // Another company's id and a missing one look the same: "Not available".
  if (!source) return json({ source: null, pending: null }, { status: 404 });
  if (source.lastRefresh === null && source.implemented && source.numberError === 0) {
    // Never listed yet (e.g. created elsewhere): fetch the accounts while the page shows a loader.
    // Once that failed (numberError > 0) the 5 s polling must not retry it: the user refreshes.
    const pending = refreshAccounts(company.id, source.id)
      .then(() => getSource(company.id, source.id))
      .then((fresh) => ({ source: fresh ?? source, error: null as string | null }))
      .catch((error) => ({ source, error: error instanceof SourceFlowError ? error.message : "The accounts could not be fetched." }));
    return defer({ source, pending });
  }
  return json({ source, pending: null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const id = sourceId(params);
  const formData = await readForm(request);
  if (!id) throw json({ message: "This source does not exist." }, { status: 404 });
  if (submittedIntent(formData, ["connect"])) {
    formData.set("sourceId", String(id));
    return connectAction(request, formData);
  }
  const submission = parseWithZod(formData, { schema: SourcePageSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), failure: null }, { status: 400 });
  const here = `/data-connector/sources/${id}`;
  // Fetcher submissions (scripts on) get data back; plain form posts get the page again by redirect.
  const fromFetcher = new URL(request.url).searchParams.has("_data");
  const done = () => (fromFetcher ? json({ result: submission.reply(), failure: null }) : redirect(here));
  const value = submission.value;
  try {
    switch (value.intent) {
      case "rename":
        await renameSource(company.id, id, value.name);
        return redirectWithToast(here, { type: "success", title: "The source has been updated", description: "Your source has been renamed." });
      case "refresh-accounts": {
        const n = await refreshAccounts(company.id, id);
        return redirectWithToast(here, { type: "success", title: "The accounts have been refreshed", description: `We have found ${n} accounts.` });
      }
      case "activate":
        await activateAccount(company.id, id, value.accountId);
        return done();
      case "deactivate":
        await deactivateAccount(company.id, id, value.dataSourceId);
        return done();
      case "block":
      case "unblock":
        await setAccountBlocked(company.id, id, value.dataSourceId, value.intent === "block");
        return done();
    }
  } catch (error) {
    if (!(error instanceof SourceFlowError)) throw error;
    return json({ result: submission.reply(), failure: { title: error.title, message: error.message } }, { status: error.status });
  }
}

function AccountToggle({ account }: { account: AccountRow }) {
  const fetcher = useFetcher<typeof action>();
  const pendingIntent = fetcher.formData?.get("intent");
  // Optimistic: the switch shows the requested state while the request runs.
  const on = pendingIntent === "activate" ? true : pendingIntent === "deactivate" ? false : account.dataSourceId !== null;
  const failure = fetcher.data && "failure" in fetcher.data ? fetcher.data.failure : null;
  return (
    <fetcher.Form method="post" className="inline">
      {account.dataSourceId !== null ? <input type="hidden" name="dataSourceId" value={account.dataSourceId} /> : <input type="hidden" name="accountId" value={account.accountId} />}
      <button
        type="submit"
        name="intent"
        value={account.dataSourceId !== null ? "deactivate" : "activate"}
        role="switch"
        aria-checked={on}
        aria-label={`${on ? "Deactivate" : "Activate"} ${account.name}`}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${on ? "bg-brand-600" : "bg-slate-300"}`}
      >
        <span className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition ${on ? "translate-x-5" : "translate-x-0.5"}`} />
      </button>
      {failure ? <span className="ml-2 text-xs text-red-600">{failure.message}</span> : null}
    </fetcher.Form>
  );
}

function BlockButton({ account }: { account: AccountRow }) {
  const fetcher = useFetcher<typeof action>();
  if (account.dataSourceId === null) return null;
  const pending = fetcher.formData?.get("intent");
  const blocked = pending === "block" ? true : pending === "unblock" ? false : account.blockedAt !== null;
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="dataSourceId" value={account.dataSourceId} />
      <button type="submit" name="intent" value={blocked ? "unblock" : "block"} className="rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100">
        {blocked ? "Unblock" : "Block"}
      </button>
    </fetcher.Form>
  );
}

function AccountItem({ account }: { account: AccountRow }) {
  return (
    <li data-testid="account" data-account-id={account.accountId} className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3">
      <div>
        <p className="text-sm font-medium text-slate-800">{account.name}</p>
        <p className="text-xs text-slate-500">{account.accountId}</p>
        {account.blockedAt ? <p className="mt-1 text-xs text-amber-800">{BLOCKED_MESSAGE}</p> : null}
      </div>
      <div className="flex items-center gap-2">
        <BlockButton account={account} />
        <AccountToggle account={account} />
      </div>
    </li>
  );
}

function AccountSelection({ source }: { source: SourceDetail }) {
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const navigation = useNavigation();
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh-accounts";
  const match = (a: AccountRow) => {
    const q = query.trim().toLowerCase();
    return !q || a.name.toLowerCase().includes(q) || a.accountId.toLowerCase().includes(q);
  };
  const accounts = useMemo(() => source.accounts.filter(match), [source.accounts, query]); // eslint-disable-line react-hooks/exhaustive-deps
  const missing = source.missingAccounts.filter(match);
  return (
    <section aria-labelledby="accounts-title" className="rounded-lg bg-white shadow">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div>
          <h2 id="accounts-title" className="text-base font-semibold">
            Accounts
          </h2>
          <p className="text-sm text-slate-600" data-testid="accounts-found">
            We have found {source.totalAvailableDataSource} accounts.
          </p>
          <p className="text-xs text-slate-500">{source.lastRefresh ? `Last refresh: ${new Date(source.lastRefresh).toUTCString()}` : "Never refreshed"}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="refresh-accounts" />
          <SubmitButton busy={refreshing} className="bg-white !text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
            Refresh the account list
          </SubmitButton>
        </Form>
      </div>
      <Form method="get" role="search" className="flex gap-2 px-4 pb-3">
        <label htmlFor="account-search" className="sr-only">
          Search an account
        </label>
        <input
          id="account-search"
          name="q"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search an account"
          className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm">
          Search
        </button>
      </Form>
      {accounts.length === 0 ? (
        <p className="border-t border-slate-100 px-4 py-6 text-center text-sm text-slate-500">{source.accounts.length === 0 ? "No account is available on this source." : "No account matches your search."}</p>
      ) : (
        <ul aria-label="Available accounts">
          {accounts.map((a) => (
            <AccountItem key={a.accountId} account={a} />
          ))}
        </ul>
      )}
      {source.missingAccounts.length > 0 ? (
        <div className="border-t border-slate-200">
          <h3 className="px-4 pt-3 text-sm font-semibold text-amber-900">Account no more available</h3>
          <ul aria-label="Account no more available">
            {missing.map((a) => (
              <AccountItem key={a.accountId} account={a} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SourceEditor({ source }: { source: SourceDetail }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const renaming = navigation.state === "submitting" && navigation.formData?.get("intent") === "rename";
  const result = actionData && "result" in actionData ? (actionData.result as { error?: Record<string, string[] | null> }) : undefined;
  const failure = actionData && "failure" in actionData ? actionData.failure : null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-lg bg-white p-5 shadow" aria-labelledby="source-name-title">
        <h2 id="source-name-title" className="mb-3 text-base font-semibold">
          Source
        </h2>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="rename" />
          <Field label="Name" errors={result?.error?.name ?? null} inputProps={{ id: "source-name", name: "name", defaultValue: source.name, "aria-required": true, maxLength: 120 }} />
          <SubmitButton busy={renaming}>Save</SubmitButton>
        </Form>
      </section>
      <section className="rounded-lg bg-white p-5 shadow" aria-labelledby="connection-title">
        <h2 id="connection-title" className="mb-3 text-base font-semibold">
          Connection
        </h2>
        <div className="mb-3 flex items-center gap-2">
          <button type="button" disabled className="rounded-md bg-green-600 px-4 py-2 text-sm font-medium text-white opacity-80">
            Connected
          </button>
          <StatusBadge badge={source.badge} />
        </div>
        {source.status && source.state !== "SUCCESS" ? <p className="mb-3 text-xs text-slate-600">{source.status}</p> : null}
        {failure ? (
          <div className="mb-3">
            <Banner tone="error" title={failure.title}>
              {failure.message}
            </Banner>
            <ConnectOutcomeMarker outcome={{ status: "error", title: failure.title, message: failure.message }} />
          </div>
        ) : null}
        {source.implemented ? (
          <ConnectForm action={`/data-connector/sources/${source.id}`} hidden={{ intent: "connect", platform: source.platform, name: source.name }} submitLabel="Refresh your authorization" />
        ) : (
          <Banner tone="info" title="Coming soon">
            The {source.platformName} connector is coming soon: the authorization cannot be refreshed yet.
          </Banner>
        )}
      </section>
    </div>
  );
}

function NotAvailable() {
  return (
    <div>
      <PageHeader title={SOURCE_MESSAGES.notAvailable} />
      <Banner tone="error" title={SOURCE_MESSAGES.notAvailable}>
        This source does not exist or was deleted.{" "}
        <Link to="/data-connector/sources" className="underline">
          Back to sources
        </Link>
      </Banner>
    </div>
  );
}

export default function SourcePage() {
  const data = useLoaderData<typeof loader>();
  useRevalidateEvery(5_000);
  if (!data.source) return <NotAvailable />;
  const source = data.source as SourceDetail;
  return (
    <div className="space-y-4">
      <PageHeader
        title={source.name}
        actions={
          <Link to="/data-connector/sources" className="rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100">
            Back to sources
          </Link>
        }
      />
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <PlatformIcon platform={source.platform} name="" size={24} /> {source.platformName}
      </p>
      <SourceEditor source={source} />
      {data.pending ? (
        <Suspense
          fallback={
            <div className="flex items-center gap-3 rounded-lg bg-white p-6 shadow" role="status">
              <Spinner /> <span className="text-sm text-slate-600">Loading your accounts…</span>
            </div>
          }
        >
          <Await resolve={data.pending as Promise<{ source: SourceDetail; error: string | null }>}>
            {(resolved) => (
              <>
                {resolved.error ? (
                  <Banner tone="error" title="Unable to refresh the accounts">
                    {resolved.error}
                  </Banner>
                ) : null}
                <AccountSelection source={resolved.source} />
              </>
            )}
          </Await>
        </Suspense>
      ) : (
        <AccountSelection source={source} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
