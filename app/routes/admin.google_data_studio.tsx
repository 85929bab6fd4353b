import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { gdsFieldsRepo } from "~/services/account-repositories.server";
import { gdsPlatforms } from "~/services/gds.server";
import { parseTableQuery } from "~/utils/table-query";
import { DataTable } from "~/components/data-table";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

const SORTABLE = ["defaultName", "platform", "type", "fieldType"] as const;

export const meta = () => [{ title: "Google Data Studio fields · Admin · Signalpost" }];

/** The API lists every field at once (spec 3 §7, no pagination); the table pages and sorts it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const platform = url.searchParams.get("platform") ?? "";
  const query = parseTableQuery(url, SORTABLE, { sort: "defaultName" });
  const platforms = gdsPlatforms();
  const names = new Map(platforms.map((p) => [p.id, p.name]));
  let rows = (await gdsFieldsRepo.listGdsFields(getDb(), { platform: platform || undefined })).map((f) => ({
    id: f.id,
    platform: f.platform,
    platformName: names.get(f.platform) ?? f.platform,
    fieldId: f.fieldId,
    defaultName: f.defaultName,
    name: f.name,
    type: f.type,
    fieldType: f.fieldType,
    aggregationType: f.aggregationType,
    status: f.status,
  }));
  if (query.search) {
    const needle = query.search.toLowerCase();
    rows = rows.filter((r) => [r.defaultName, r.name ?? "", r.fieldId].some((v) => v.toLowerCase().includes(needle)));
  }
  rows.sort((a, b) => String(a[query.sort]).localeCompare(String(b[query.sort])) * (query.dir === "asc" ? 1 : -1));
  const total = rows.length;
  return json({ platforms, platform, query, total, rows: rows.slice((query.page - 1) * query.size, query.page * query.size) });
}

export default function GdsFields() {
  const data = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <div>
      <PageHeader title="Google Data Studio fields" actions={<Link to="/admin/google_data_studio/new" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">Add a field</Link>} />
      <Form method="get" className="mb-4 flex items-end gap-2" onChange={(e) => submit(e.currentTarget, { replace: true })}>
        <label className="text-sm">
          <span className="block font-medium text-slate-700">Platform</span>
          <select name="platform" defaultValue={data.platform} className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
            <option value="">All platforms</option>
            {data.platforms.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        <button className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">Filter</button>
      </Form>
      <DataTable
        rows={data.rows}
        total={data.total}
        query={data.query}
        rowKey={(r) => r.id}
        searchLabel="Search fields"
        columns={[
          { key: "defaultName", label: "Default name", sortable: true, render: (r) => <Link to={`/admin/google_data_studio/${r.id}`} className="text-brand-600 hover:underline">{r.defaultName}</Link> },
          { key: "name", label: "Name", render: (r) => r.name ?? "—" },
          { key: "platform", label: "Platform", sortable: true, render: (r) => r.platformName },
          { key: "type", label: "Type", sortable: true, render: (r) => r.type },
          { key: "fieldType", label: "Field type", sortable: true, render: (r) => r.fieldType },
          { key: "aggregationType", label: "Aggregation", render: (r) => r.aggregationType ?? "—" },
          { key: "status", label: "Status", render: (r) => r.status },
          { key: "view", label: "", className: "text-right", render: (r) => <Link to={`/admin/google_data_studio/${r.id}`} className="text-sm text-brand-600 hover:underline">View</Link> },
        ]}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
