import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { companiesRepo, dataSourcesRepo, sourcesRepo } from "~/services/repositories.server";
import { ApiKeyField, CopyButton } from "~/components/api-key";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { googleDriveDirectDownload } from "~/utils/bi-links";

/**
 * Spec 3 §2.8 template use page: step 0 chooses accounts; step 1 (once at least one is chosen)
 * shows the API key, the account string (a JSON list of id and authorization_id) and Download
 * Template. The state is the page URL (account=authorizationId:accountId), so it works without JS.
 */
export const meta = () => [{ title: "Use a template · Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const db = getDb();
  const url = new URL(request.url);
  const templateLink = url.searchParams.get("templateLink") ?? "";
  const download = googleDriveDirectDownload(templateLink);
  const sources = await sourcesRepo.listNetworkAuthorizations(db, company.id);
  const accounts = (await dataSourcesRepo.listDataSources(db, company.id))
    .filter((d) => !d.blockedAt)
    .map((d) => ({ key: `${d.networkAuthorizationId}:${d.accountId}`, id: d.accountId, authorizationId: d.networkAuthorizationId, name: d.name, source: sources.find((s) => s.id === d.networkAuthorizationId)?.name ?? "" }));
  const chosen = url.searchParams.getAll("account").filter((k) => accounts.some((a) => a.key === k));
  const selected = accounts.filter((a) => chosen.includes(a.key));
  return json({
    templateType: params.templateType ?? "",
    templateLink,
    downloadUrl: download.ok ? download.url : null,
    linkError: download.ok ? null : download.error,
    accounts,
    chosen,
    step: selected.length > 0 && url.searchParams.get("step") === "1" ? 1 : 0,
    accountString: JSON.stringify(selected.map((a) => ({ id: a.id, authorization_id: a.authorizationId }))),
    apiKey: companiesRepo.revealApiKey(company),
  });
}

export default function UseTemplate() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <PageHeader title="Use the template with my data" />
      <ol className="mb-4 flex gap-4 text-sm">
        <li className={d.step === 0 ? "font-semibold text-brand-700" : "text-slate-500"}>1. Choose your accounts</li>
        <li className={d.step === 1 ? "font-semibold text-brand-700" : "text-slate-500"}>2. Get the information needed</li>
      </ol>
      {d.linkError ? <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">{d.linkError}</p> : null}
      {d.step === 0 ? (
        d.accounts.length === 0 ? (
          <EmptyState title="You have no activated account yet.">
            <Link to="/data-connector/sources/new" className="text-brand-700 underline">Add a source</Link>
          </EmptyState>
        ) : (
          <Form method="get" className="rounded-lg bg-white p-4 shadow-sm">
            <input type="hidden" name="templateLink" value={d.templateLink} />
            <input type="hidden" name="step" value="1" />
            <ul className="max-h-80 space-y-1 overflow-auto">
              {d.accounts.map((a) => (
                <li key={a.key}>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="account" value={a.key} defaultChecked={d.chosen.includes(a.key)} /> {a.name} <span className="text-xs text-slate-500">{a.source}</span>
                  </label>
                </li>
              ))}
            </ul>
            <button type="submit" className="mt-3 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Next</button>
          </Form>
        )
      ) : (
        <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm">
          <ApiKeyField apiKey={d.apiKey} />
          <div>
            <label htmlFor="account-string" className="block text-sm font-medium text-slate-700">Accounts</label>
            <div className="mt-1 flex gap-2">
              <input id="account-string" readOnly value={d.accountString} className="block w-full rounded-md border border-slate-300 bg-slate-100 px-3 py-2 font-mono text-xs" />
              <CopyButton text={d.accountString} />
            </div>
          </div>
          <div className="flex gap-3">
            <Link to={`?${new URLSearchParams([["templateLink", d.templateLink], ...d.chosen.map((c) => ["account", c])])}`} className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">Back</Link>
            {d.downloadUrl && d.chosen.length > 0 ? (
              <a href={d.downloadUrl} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Download Template</a>
            ) : (
              <button type="button" disabled className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white opacity-50">Download Template</button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
