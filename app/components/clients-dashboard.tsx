import { Link, useSearchParams } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { dashboardData } from "~/services/alerts.server";
import { ScheduleLine } from "./alert-result";
import { AnomalyInbox } from "./anomaly-inbox";
import { EmptyState, PageHeader } from "./empty-state";

export type DashboardData = SerializeFrom<typeof dashboardData>;

function Box({ label, value }: { label: string; value: { inAnomaly: number; total: number } }) {
  return (
    <div className="flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
      <p className="text-xs uppercase tracking-wide text-slate-500">{label}</p>
      <p className="text-sm font-semibold text-slate-800">
        {value.inAnomaly} in anomaly <span className="font-normal text-slate-500">/ {value.total} scheduled</span>
      </p>
    </div>
  );
}

/** "Your clients" (spec 1 §2.3): Portfolio and Alerts tabs, sort menu, cards with badges; the anomaly inbox (issue 18). */
export function ClientsDashboard({ data }: { data: DashboardData }) {
  const [params] = useSearchParams();
  const href = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) next.set(k, v);
    return `?${next}`;
  };
  // The inbox's filters stay with the inbox: other tabs keep only the sort.
  const tabHref = (tab: string) => `?${new URLSearchParams({ tab, ...(params.get("sort") ? { sort: params.get("sort")! } : {}) })}`;
  const tabClass = (active: boolean) => (active ? "border-b-2 border-brand-600 pb-2 font-medium text-brand-700" : "pb-2 text-slate-500 hover:text-slate-700");
  return (
    <div>
      <PageHeader
        title="Your clients"
        actions={
          <Link to="/data-sources/add" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Add a client
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2 border-b border-slate-200 text-sm">
        <nav className="flex gap-4" aria-label="Dashboard tabs">
          <Link to={tabHref("portfolio")} className={tabClass(data.tab === "portfolio")} aria-current={data.tab === "portfolio" ? "page" : undefined}>
            Portfolio
          </Link>
          <Link to={tabHref("inbox")} className={tabClass(data.tab === "inbox")} aria-current={data.tab === "inbox" ? "page" : undefined}>
            Inbox{" "}
            <span className={`rounded-full px-1.5 text-xs ${data.openAnomalies ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-500"}`} data-testid="inbox-count">
              {data.openAnomalies}
            </span>
          </Link>
          <Link to={tabHref("alerts")} className={tabClass(data.tab === "alerts")} aria-current={data.tab === "alerts" ? "page" : undefined}>
            Alerts
          </Link>
        </nav>
        {data.tab === "portfolio" ? (
          <div className="flex gap-3 pb-2 text-xs">
            <Link to={href({ sort: "name" })} className={data.sort === "name" ? "font-semibold text-brand-700" : "text-slate-500"}>
              Sort by client name
            </Link>
            <Link to={href({ sort: "alerts" })} className={data.sort === "alerts" ? "font-semibold text-brand-700" : "text-slate-500"}>
              Sort by alert number
            </Link>
          </div>
        ) : null}
      </div>
      {data.tab === "inbox" && data.inbox ? (
        <AnomalyInbox inbox={data.inbox} now={data.now} />
      ) : data.tab === "portfolio" ? (
        data.clients.length === 0 ? (
          <EmptyState title="No client yet">
            <Link to="/data-sources/add" className="text-brand-600 hover:underline">Add a client</Link> to start monitoring its accounts.
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.clients.map((c) => {
              const problems = c.anomalies.inAnomaly + c.pacing.inAnomaly;
              return (
                <li key={c.id}>
                  <Link to={`/clients/${c.id}`} className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300" data-testid="client-card">
                    <div className="mb-3 flex items-center gap-2">
                      <img src={c.icon} alt="" width={24} height={24} />
                      <span className="font-medium text-slate-900">{c.name}</span>
                    </div>
                    <p className="mb-3 text-xs text-slate-500">{c.platformName}</p>
                    {problems > 0 ? (
                      <span className="mb-3 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-700">Anomalies detected</span>
                    ) : (
                      <span className="mb-3 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-700">No problem</span>
                    )}
                    <div className="flex gap-2">
                      <Box label="Anomalies" value={c.anomalies} />
                      <Box label="Pacing" value={c.pacing} />
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        )
      ) : data.alerts.length === 0 ? (
        <EmptyState title="No alert configured" />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-3 py-2">Alert</th>
              <th className="px-3 py-2">Account</th>
              <th className="px-3 py-2">Anomalies</th>
              <th className="px-3 py-2">Last run</th>
            </tr>
          </thead>
          <tbody>
            {data.alerts.map((a) => (
              <tr key={a.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <Link to={`/clients/${a.dataSourceId}/details/${a.id}`} className="text-brand-700 hover:underline">{a.title}</Link>
                </td>
                <td className="px-3 py-2">{a.dataSourceName}</td>
                <td className="px-3 py-2">
                  <span className={a.entityInAlert > 0 ? "font-semibold text-red-700" : "text-slate-700"}>{a.entityInAlert}</span> on {a.entityAnalyzed}
                </td>
                <td className="px-3 py-2">
                  {a.lastAnalyze ? new Date(a.lastAnalyze).toLocaleString("en-GB", { timeZone: "UTC" }) + " UTC" : "Never"}
                  <ScheduleLine schedule={a.schedule} now={data.now} className="text-xs text-slate-500" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </div>
  );
}
