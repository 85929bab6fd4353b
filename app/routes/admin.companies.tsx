import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { adminRepo } from "~/services/account-repositories.server";
import { parseTableQuery } from "~/utils/table-query";
import { DataTable } from "~/components/data-table";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

const SORTABLE = ["name", "status", "createdAt", "trialEndsAt"] as const;

export const meta = () => [{ title: "Companies · Admin · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url), SORTABLE, { sort: "createdAt", dir: "desc" });
  const page = await adminRepo.listCompaniesForAdmin(getDb(), query);
  return json({ query, total: page.total, rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), trialEndsAt: r.trialEndsAt.toISOString() })) });
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB");

export default function AdminCompanies() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Companies" />
      <DataTable
        rows={data.rows}
        total={data.total}
        query={data.query}
        rowKey={(r) => r.id}
        searchLabel="Search by name"
        columns={[
          { key: "name", label: "Name", sortable: true, render: (r) => r.name },
          { key: "status", label: "Status", sortable: true, render: (r) => <span className={r.status === "Payed" ? "text-green-700" : "text-slate-600"}>{r.status}{r.plan ? ` · ${r.plan}` : ""}{r.subscriptionState && r.subscriptionState !== "active" ? ` (${r.subscriptionState})` : ""}</span> },
          { key: "users", label: "Users", render: (r) => r.users },
          { key: "createdAt", label: "Created", sortable: true, render: (r) => day(r.createdAt) },
          { key: "trialEndsAt", label: "Trial end", sortable: true, render: (r) => day(r.trialEndsAt) },
        ]}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
