import { Link } from "@remix-run/react";
import { ScheduleLine, type ScheduleInfo } from "./alert-result";
import { EmptyState } from "./empty-state";

export type ClientAlertRow = { id: number; title: string; type: string; status: string | null; entityInAlert: number; entityAnalyzed: number; lastAnalyze: string | null; snoozed: string | null; useAsTemplate: boolean; schedule: ScheduleInfo; now: string };

/** The client's alerts of one family (anomalies or pacing) with their anomaly counts. */
export function ClientAlertList({ clientId, rows, empty }: { clientId: number; rows: ClientAlertRow[]; empty: string }) {
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
    <table className="w-full text-sm">
      <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
        <tr>
          <th className="px-3 py-2">Alert</th>
          <th className="px-3 py-2">Kind</th>
          <th className="px-3 py-2">Status</th>
          <th className="px-3 py-2">Anomalies</th>
          <th className="px-3 py-2">Runs</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="border-t border-slate-100">
            <td className="px-3 py-2">
              <Link to={`/clients/${clientId}/details/${r.id}`} className="text-brand-700 hover:underline">{r.title}</Link>
              {r.useAsTemplate ? <span className="ml-2 rounded bg-slate-100 px-1 text-xs text-slate-600">template</span> : null}
              {r.snoozed && r.snoozed > new Date().toISOString() ? <span className="ml-2 text-xs text-slate-500">Snoozed until {r.snoozed.slice(0, 10)}</span> : null}
            </td>
            <td className="px-3 py-2">{r.type === "kpi" ? "Configuration" : r.type === "pacing" ? "Pacing" : "Metric"}</td>
            <td className="px-3 py-2">
              {r.status === "ANOMALY" ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">Anomaly</span> : r.status === null ? <span className="text-xs text-slate-500">Waiting for its first run</span> : <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-700">Not in anomaly</span>}
            </td>
            <td className="px-3 py-2">{r.entityInAlert} on {r.entityAnalyzed}</td>
            <td className="px-3 py-2">
              <ScheduleLine schedule={r.schedule} now={r.now} className="text-xs text-slate-600" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
