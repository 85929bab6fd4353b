// /data-sources (spec 1 §2.1): the company's data sources (accounts) with platform, source, alert
// activation, blocked state and assignees; each links to its client area. Search, sort and pages
// are URL parameters, so the list works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { dataSourceListPage } from "~/services/data-source-list.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { DataTable, type Column } from "~/components/data-table";

export const meta: MetaFunction = () => [{ title: "Data sources · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await dataSourceListPage(company.id, new URL(request.url)));
}

type Row = Awaited<ReturnType<typeof dataSourceListPage>>["rows"][number];

const columns: Column<Row>[] = [
  {
    key: "name",
    label: "Account",
    sortable: true,
    render: (r) => (
      <Link to={`/clients/${r.id}`} className="font-medium text-brand-700 hover:underline">
        {r.name}
        <span className="ml-1 text-xs text-slate-500">{r.accountId}</span>
      </Link>
    ),
  },
  { key: "platform", label: "Platform", sortable: true, render: (r) => r.platform },
  { key: "source", label: "Source", sortable: true, render: (r) => r.sourceName },
  { key: "alerts", label: "Alerts", sortable: true, render: (r) => (r.activateAlert ? <span className="rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">Active</span> : <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">Inactive</span>) },
  { key: "blocked", label: "Status", sortable: true, render: (r) => (r.blocked ? <span className="rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">Blocked</span> : <span className="text-xs text-slate-600">Available</span>) },
  { key: "assignees", label: "Assignees", render: (r) => (r.assignees.length ? r.assignees.join(", ") : <span className="text-slate-500">None</span>) },
];

export default function DataSources() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Data sources"
        actions={
          <Link to="/data-sources/add" className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            Add an account
          </Link>
        }
      />
      <DataTable rows={data.rows} total={data.total} columns={columns} rowKey={(r) => r.id} query={data.query} searchLabel="Search accounts" empty="No data" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
