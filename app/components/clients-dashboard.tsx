import { Link } from "@remix-run/react";
import { EmptyState, PageHeader } from "./empty-state";

/** "Your clients" (spec 1 §2.3). The monitoring issue fills the portfolio and alert tabs. */
export function ClientsDashboard() {
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
      <div className="mb-4 flex gap-4 border-b border-slate-200 text-sm">
        <span className="border-b-2 border-brand-600 pb-2 font-medium text-brand-700">Portfolio</span>
        <span className="pb-2 text-slate-500">Alerts</span>
      </div>
      <EmptyState title="No alert configured">Add a client to start monitoring its accounts.</EmptyState>
    </div>
  );
}
