import { Link, useLocation } from "@remix-run/react";
import { HashTabs, useHashTab } from "./hash-tabs";
import { formatDuration } from "~/utils/jobs";
import { destinationTypeLabel, frequencyInWords, jobStatusLabel } from "~/utils/labels";
import { formatDay } from "~/utils/format-date";
import { formatNumber } from "../../lib/format.js";
import { DateTime, useTimeZone } from "./time";
import { pageNumbers, showingText } from "~/utils/pagination";
import { PageHeader } from "./empty-state";

type UsageData = {
  connections: { id: number; name: string; source: string; dataSource: string; destination: string; lastSeenAt: string | null }[];
  connectionFilters: { values: { destination: string; platform: string; datasource: string }; destinations: string[]; platforms: { value: string; label: string }[] };
  log: {
    filters: { from: string; to: string; status: string; logDestination: string };
    destinationTypes: string[];
    page: number;
    total: number;
    pageSize: number;
    rows: { id: number; success: boolean; source: string; account: string; destination: string; date: string; message: string | null; userEmail: string | null; duration: number; numberRow: number; dateStart: string | null; dateEnd: string | null; fields: string[] }[];
  };
  jobs: { id: number; datastreamId: number; name: string; accounts: string; lastLaunchedAt: string | null; status: string; recurrency: string; next: string | null; paused: boolean }[];
};

const TABS = [
  { id: "connections", label: "Connections" },
  { id: "log", label: "Log" },
  { id: "job", label: "Job" },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

const select = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** Usage screen (spec 2 §2): tabs by URL hash; filters are GET forms, so they work without JavaScript. */
export function UsageScreen({ data, basePath }: { data: UsageData; basePath: string }) {
  const location = useLocation();
  const { tab, shown } = useHashTab(TAB_IDS);
  const timeZone = useTimeZone();
  const lastPage = Math.max(1, Math.ceil(data.log.total / data.log.pageSize));
  const pageHref = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `${basePath}?${params}#log`;
  };
  return (
    <div>
      <PageHeader title="Usage" />
      <HashTabs tabs={TABS} active={tab} />
      {shown("connections") ? (
        <section id="connections" className="mb-6">
          <form method="get" action={`${basePath}#connections`} className="mb-2 flex flex-wrap items-center gap-2">
            <select name="destination" defaultValue={data.connectionFilters.values.destination} className={select} aria-label="Destination">
              <option value="">All destinations</option>
              {data.connectionFilters.destinations.map((d) => <option key={d} value={d}>{d}</option>)}
            </select>
            <select name="platform" defaultValue={data.connectionFilters.values.platform} className={select} aria-label="Platform">
              <option value="">All platforms</option>
              {data.connectionFilters.platforms.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
            </select>
            <input type="search" name="datasource" defaultValue={data.connectionFilters.values.datasource} placeholder="Search a datasource" className={select} aria-label="Datasource" />
            <button type="submit" className="rounded-md border px-3 py-1 text-sm">Filter</button>
          </form>
          <div className="overflow-x-auto rounded-lg bg-white shadow">
            <table className="table-cards min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr><th className="px-3 py-2">Name</th><th className="px-3 py-2">Source</th><th className="px-3 py-2">Destination</th><th className="px-3 py-2">Last Seen At</th><th className="px-3 py-2"><span className="sr-only">Details</span></th></tr>
              </thead>
              <tbody>
                {data.connections.length === 0 ? (
                  <tr><td colSpan={5} className="px-3 py-6 text-center text-slate-500">No connection yet.</td></tr>
                ) : (
                  data.connections.map((c) => (
                    <tr key={c.id} data-testid="connection-row" className="border-t border-slate-100">
                      <td data-label="Name" className="px-3 py-2">{c.name}</td>
                      <td data-label="Source" className="px-3 py-2">{c.source}</td>
                      <td data-label="Destination" className="px-3 py-2">{c.destination}</td>
                      <td data-label="Last Seen At" className="px-3 py-2"><DateTime value={c.lastSeenAt} fallback="Not run" /></td>
                      <td className="px-3 py-2 text-right"><Link to={`/data-connector/connections/${c.id}/details`} className="text-brand-600 hover:underline">Details</Link></td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {shown("log") ? (
        <section id="log" className="mb-6">
          <form method="get" action={`${basePath}#log`} className="mb-2 flex flex-wrap items-center gap-2">
            <select name="status" defaultValue={data.log.filters.status} className={select} aria-label="Extraction Status">
              <option value="">All statuses</option>
              <option value="success">Success</option>
              <option value="failure">Failure</option>
            </select>
            <select name="logDestination" defaultValue={data.log.filters.logDestination} className={select} aria-label="Destination type">
              <option value="">All destinations</option>
              {data.log.destinationTypes.map((d) => <option key={d} value={d}>{destinationTypeLabel(d)}</option>)}
            </select>
            <input type="date" name="from" defaultValue={data.log.filters.from} className={select} aria-label="From" />
            <input type="date" name="to" defaultValue={data.log.filters.to} className={select} aria-label="To" />
            <button type="submit" className="rounded-md border px-3 py-1 text-sm">Filter</button>
          </form>
          <div className="overflow-x-auto rounded-lg bg-white shadow">
            <table className="table-cards min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr><th className="px-3 py-2">Status</th><th className="px-3 py-2">Source</th><th className="px-3 py-2">Account</th><th className="px-3 py-2">Destination</th><th className="px-3 py-2">Date</th><th className="px-3 py-2">Details</th></tr>
              </thead>
              <tbody>
                {data.log.rows.length === 0 ? (
                  <tr><td colSpan={6} className="px-3 py-6 text-center text-slate-500">No log for these filters.</td></tr>
                ) : (
                  data.log.rows.map((l) => (
                    <tr key={l.id} data-testid="usage-log-row" className="border-t border-slate-100 align-top">
                      <td data-label="Status" className={`px-3 py-2 ${l.success ? "text-green-700" : "text-red-700"}`}>{l.success ? "Success" : "Failure"}</td>
                      <td data-label="Source" className="px-3 py-2">{l.source}</td>
                      <td data-label="Account" className="px-3 py-2" data-testid="usage-log-account">{l.account || "-"}</td>
                      <td data-label="Destination" className="px-3 py-2">{destinationTypeLabel(l.destination)}</td>
                      <td data-label="Date" className="px-3 py-2"><DateTime value={l.date} /></td>
                      <td data-label="Details" className="px-3 py-2">
                        <details>
                          <summary className="cursor-pointer text-brand-600">Details</summary>
                          <dl className="mt-1 grid grid-cols-2 gap-x-2 text-xs">
                            <dt>Message</dt><dd>{l.message ?? "-"}</dd>
                            <dt>User</dt><dd>{l.userEmail ?? "-"}</dd>
                            <dt>Duration</dt><dd>{formatDuration(l.duration)}</dd>
                            <dt>Rows</dt><dd>{formatNumber(l.numberRow)}</dd>
                            <dt>Date range</dt><dd>{l.dateStart ? `${formatDay(l.dateStart)} to ${formatDay(l.dateEnd)}` : "-"}</dd>
                            <dt>Fields</dt><dd>{l.fields.join(", ")}</dd>
                          </dl>
                        </details>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
            <span data-testid="showing">{showingText(data.log.page, data.log.pageSize, data.log.total)}</span>
            <span className="flex items-center gap-1">
              {data.log.page > 1 ? <Link to={pageHref(data.log.page - 1)} className="px-2 text-brand-600">Previous</Link> : <span className="px-2 text-slate-500">Previous</span>}
              {pageNumbers(data.log.page, lastPage).map((p, i) =>
                p === "…" ? (
                  <span key={`e${i}`} className="px-1">…</span>
                ) : (
                  <Link key={p} to={pageHref(p)} aria-current={p === data.log.page ? "page" : undefined} className={`px-2 ${p === data.log.page ? "font-semibold text-brand-700" : "text-slate-600"}`}>
                    {p}
                  </Link>
                ),
              )}
              {data.log.page < lastPage ? <Link to={pageHref(data.log.page + 1)} className="px-2 text-brand-600">Next</Link> : <span className="px-2 text-slate-500">Next</span>}
            </span>
          </div>
        </section>
      ) : null}
      {shown("job") ? (
        <section id="job">
          <div className="overflow-x-auto rounded-lg bg-white shadow">
            <table className="table-cards min-w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr><th className="px-3 py-2">Name</th><th className="px-3 py-2">Accounts</th><th className="px-3 py-2">Frequency</th><th className="px-3 py-2">Next Run</th><th className="px-3 py-2">Last Run</th><th className="px-3 py-2">Status</th><th className="px-3 py-2"><span className="sr-only">View</span></th></tr>
              </thead>
              <tbody>
                {data.jobs.length === 0 ? (
                  <tr><td colSpan={7} className="px-3 py-6 text-center text-slate-500">No job yet.</td></tr>
                ) : (
                  data.jobs.map((j) => (
                    <tr key={j.id} data-testid="usage-job-row" className="border-t border-slate-100">
                      <td data-label="Name" className="px-3 py-2">{j.name}</td>
                      <td data-label="Accounts" className="px-3 py-2">{j.accounts}</td>
                      <td data-label="Frequency" className="px-3 py-2">{frequencyInWords(j.recurrency, timeZone)}</td>
                      <td data-label="Next Run" className="px-3 py-2" data-testid="usage-job-next">{j.paused ? "Paused" : <DateTime value={j.next} fallback="Not scheduled" />}</td>
                      <td data-label="Last Run" className="px-3 py-2"><DateTime value={j.lastLaunchedAt} fallback="Never" /></td>
                      <td data-label="Status" className="px-3 py-2">{jobStatusLabel(j.status, j.lastLaunchedAt)}</td>
                      <td className="px-3 py-2 text-right"><Link to={`/data-connector/data-stream/${j.datastreamId}/jobs/${j.id}`} className="text-brand-600 hover:underline">View</Link></td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
