import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { alertsRepo, requireClient } from "~/services/alerts.server";
import { getDb } from "~/services/db.server";
import { EmptyState } from "~/components/empty-state";
import { checkNowAction } from "~/services/checks.server";
import { AutomaticCheckHeader } from "~/components/automatic-check";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const rows = await alertsRepo.listUrlChecks(getDb(), company.id, client.dataSource.id);
  const lastCrawl = rows.reduce<Date | null>((m, r) => (r.lastCrawl && (!m || r.lastCrawl > m) ? r.lastCrawl : m), null);
  const offered = Boolean(client.platform?.alertOptions.url_checker);
  return json({ currency: client.dataSource.currency, run: { offered, checkedAt: lastCrawl?.toISOString() ?? null, error: null }, rows: rows.map((r) => ({ id: r.id, url: r.url, lastStatus: r.lastStatus, costYesterday: r.costYesterday, lastCrawl: r.lastCrawl?.toISOString() ?? null })) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return checkNowAction(request, params.clientId, "url");
}

export const meta = () => [{ title: "Url checker · Signalpost" }];

export default function UrlChecker() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <AutomaticCheckHeader title="Url checker" run={d.run} />
      {d.rows.length === 0 ? (
        <EmptyState title="No data">The ad URLs are crawled once a day; the first crawl is on its way.</EmptyState>
      ) : (
        <table className="table-cards w-full rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2">Url</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Cost yesterday</th>
              <th className="px-3 py-2">Last crawl</th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100" data-testid="url-row">
                <td data-label="Url" className="px-3 py-2 break-all">{r.url}</td>
                <td data-label="Status" className="px-3 py-2">
                  {r.lastStatus === 200 ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-700">200 OK</span> : <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">{r.lastStatus ?? "No answer"}</span>}
                </td>
                <td data-label="Cost yesterday" className="px-3 py-2">{r.costYesterday === null ? "–" : d.currency ? new Intl.NumberFormat("en-GB", { style: "currency", currency: d.currency }).format(r.costYesterday) : r.costYesterday}</td>
                <td data-label="Last crawl" className="px-3 py-2">{r.lastCrawl ? r.lastCrawl.replace("T", " ").slice(0, 16) + " UTC" : "Never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
