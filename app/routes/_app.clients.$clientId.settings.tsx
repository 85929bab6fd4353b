import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { alertsRepo, companyUsers, requireClient } from "~/services/alerts.server";
import { dataSourcesRepo } from "~/services/repositories.server";
import { getDb } from "~/services/db.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("assignees"), userIds: z.array(idField()).default([]), confirmNobody: z.literal("1").optional() }),
  z.object({ intent: z.literal("remove") }),
]);

const NOBODY_WARNING = "With nobody assigned, nobody gets this account's alert e-mails (Slack still does, when connected).";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const [users, assignees] = await Promise.all([companyUsers(company.id), alertsRepo.listAssignees(getDb(), company.id, client.dataSource.id)]);
  return json({ clientId: client.dataSource.id, name: client.dataSource.name, users, assigned: assignees.map((a) => a.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const form = await readForm(request);
  const parsed = parseWithZod(form, { schema: Schema });
  if (parsed.status !== "success") return json({ error: "Unable to update the datasource" }, { status: 400 });
  const self = `/clients/${client.dataSource.id}/settings`;
  if (parsed.value.intent === "assignees") {
    // Nobody assigned means nobody gets this account's alert e-mails: saved only once confirmed (issue 18).
    if (parsed.value.userIds.length === 0 && !parsed.value.confirmNobody) return json({ warning: NOBODY_WARNING }, { status: 409 });
    const ok = await alertsRepo.setAssignees(getDb(), company.id, client.dataSource.id, parsed.value.userIds);
    if (!ok) return json({ error: "Unable to update the datasource" }, { status: 400 });
    return redirectWithToast(self, { type: "success", title: "The data source has been updated" });
  }
  const removed = await dataSourcesRepo.deleteDataSource(getDb(), company.id, client.dataSource.id);
  if (!removed) return redirectWithToast(self, { type: "error", title: "Unable to delete the account" });
  return redirectWithToast("/", { type: "success", title: "The account has been deleted" });
}

export const meta = () => [{ title: "Client settings · Signalpost" }];

export default function ClientSettings() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const warning = actionData && "warning" in actionData ? actionData.warning : null;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab = params.get("tab") === "remove" ? "remove" : "general";
  const base = `/clients/${d.clientId}/settings`;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">Settings</h1>
      <nav className="mb-4 flex gap-4 border-b border-slate-200 text-sm">
        <Link to={base} className={tab === "general" ? "border-b-2 border-brand-600 pb-2 font-medium" : "pb-2 text-slate-500"}>General</Link>
        <Link to={`${base}?tab=remove`} className={tab === "remove" ? "border-b-2 border-brand-600 pb-2 font-medium" : "pb-2 text-slate-500"}>Remove</Link>
      </nav>
      {tab === "general" ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="assignees" />
          <p className="text-sm text-slate-600">Choose who gets alerted about {d.name}.</p>
          <ul className="space-y-1 text-sm">
            {d.users.map((u) => (
              <li key={u.id}>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="userIds" value={u.id} defaultChecked={d.assigned.includes(u.id)} />
                  {u.name} <span className="text-slate-500">{u.email}</span>
                </label>
              </li>
            ))}
          </ul>
          {d.assigned.length === 0 && !warning ? <p className="text-sm text-amber-700">Nobody is assigned: nobody gets this account's alert e-mails.</p> : null}
          {warning ? (
            <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="nobody-warning">
              <p>{warning}</p>
              <button type="submit" name="confirmNobody" value="1" className="mt-2 rounded-md border border-amber-400 px-3 py-1 hover:bg-amber-100">
                Save with nobody assigned
              </button>
            </div>
          ) : null}
          <button type="submit" disabled={navigation.state === "submitting"} className="rounded-md bg-brand-600 px-4 py-2 text-sm text-white disabled:opacity-60">
            {navigation.state === "submitting" ? "Please wait…" : "Save"}
          </button>
        </Form>
      ) : (
        <div className="space-y-3 text-sm">
          <p>Deleting the client removes its alerts, results and history.</p>
          <Link to={`${base}?tab=remove&confirm=1`} className="inline-block rounded-md bg-red-600 px-4 py-2 text-white">Delete the client</Link>
          {params.get("confirm") === "1" ? (
            <ConfirmDialog title={`Delete ${d.name}?`} confirmLabel="Delete" cancelHref={`${base}?tab=remove`} fields={{ intent: "remove" }}>
              Its alerts stop and their history is deleted. This cannot be undone.
            </ConfirmDialog>
          ) : null}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
