import { EmptyState, PageHeader } from "./empty-state";

/** Usage screen shell (spec 2 §2): the data-streams issue fills its three tabs. */
export function UsageScreen() {
  return (
    <div>
      <PageHeader title="Usage" />
      <div className="mb-4 flex gap-4 border-b border-slate-200 text-sm">
        <a href="#connections" className="border-b-2 border-brand-600 pb-2 font-medium text-brand-700">Connections</a>
        <a href="#log" className="pb-2 text-slate-500">Log</a>
        <a href="#job" className="pb-2 text-slate-500">Job</a>
      </div>
      <EmptyState title="Not run">No connection has been used yet.</EmptyState>
    </div>
  );
}
