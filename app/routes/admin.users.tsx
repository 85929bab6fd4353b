import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { adminRepo } from "~/services/account-repositories.server";
import { startImpersonation } from "~/services/impersonation.server";
import { redirectWithToast } from "~/services/toast.server";
import { parseTableQuery } from "~/utils/table-query";
import { DataTable } from "~/components/data-table";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, safeParseForm } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

const SORTABLE = ["email", "company", "createdAt"] as const;
/** Spec 3 §9: the admin e-mail search is debounced 1000 ms. */
export const EMAIL_SEARCH_DEBOUNCE_MS = 1000;

export const meta = () => [{ title: "Users · Admin · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url), SORTABLE, { sort: "createdAt", dir: "desc" });
  const page = await adminRepo.listUsersForAdmin(getDb(), query);
  return json({ me: user.id, query, total: page.total, rows: page.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const parsed = safeParseForm(await readForm(request), z.object({ intent: z.literal("use-as"), id: idField() }));
  if (!parsed.success) throw new Response("Unknown action", { status: 400 });
  const response = await startImpersonation(admin, parsed.data.id);
  if (!response) return redirectWithToast("/admin/users", { type: "error", title: "Unable to use this account", description: "The user does not exist, is inactive, or is you." });
  return response;
}

export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Users" />
      <DataTable
        rows={data.rows}
        total={data.total}
        query={data.query}
        rowKey={(r) => r.id}
        searchLabel="Search by e-mail"
        debounceMs={EMAIL_SEARCH_DEBOUNCE_MS}
        columns={[
          { key: "email", label: "Email", sortable: true, render: (r) => r.email },
          { key: "name", label: "Name", render: (r) => r.name || "—" },
          { key: "company", label: "Company", sortable: true, render: (r) => r.companyName },
          { key: "roles", label: "Roles", render: (r) => (r.roles.includes("ROLE_ADMIN") ? "Admin" : "User") },
          { key: "createdAt", label: "Created", sortable: true, render: (r) => new Date(r.createdAt).toLocaleDateString("en-GB") },
          {
            key: "actions",
            label: "",
            className: "text-right",
            render: (r) =>
              r.id !== data.me && r.isActive ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="use-as" />
                  <input type="hidden" name="id" value={r.id} />
                  <button className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50" aria-label={`Use as ${r.email}`}>Use as</button>
                </Form>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
