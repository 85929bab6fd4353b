import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { deleteTemplate, templatesWithHealth } from "~/services/alerts.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, safeParseForm } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

const KIND_LABELS: Record<string, string> = { metric: "Metric", kpi: "Configuration", pacing: "Pacing", objective: "Objective" };
const DeleteSchema = z.object({ intent: z.literal("delete"), id: idField() });

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ templates: await templatesWithHealth(company.id) });
}

/** Deleting a template (issue 18): its activations on accounts go with it. */
export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const parsed = safeParseForm(await readForm(request), DeleteSchema);
  if (!parsed.success) return json({ error: "This form cannot be sent here." }, { status: 400 });
  const { title, accounts } = await deleteTemplate(company.id, parsed.data.id);
  return redirectWithToast("/company/settings/alerts/templates", { type: "success", title: `The template ${title} has been deleted`, description: accounts ? `It stopped on ${accounts} account${accounts === 1 ? "" : "s"}.` : undefined });
}

export const meta = () => [{ title: "Alert templates · Signalpost" }];

export default function Templates() {
  const { templates } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const deleting = templates.find((t) => String(t.id) === params.get("delete"));
  return (
    <div>
      <PageHeader title="Alert templates" />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">Templates can be activated on any account of their platform from its Alerts page. The starter templates apply to every ads platform.</p>
      {templates.length === 0 ? (
        <EmptyState title="No template yet">Open an alert and choose Save as template.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {templates.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="template">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{t.title}</p>
                  <p className="text-xs text-slate-500">
                    {t.platform === "*" ? "Any ads platform" : t.platform} · {KIND_LABELS[t.type] ?? t.type}
                  </p>
                  {t.description ? <p className="mt-1 text-sm text-slate-600">{t.description}</p> : null}
                </div>
                <div className="flex gap-2 text-sm">
                  <Link to={`/company/settings/alerts/templates/${t.id}/edit`} className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50" aria-label={`Edit ${t.title}`}>
                    Edit
                  </Link>
                  <Link to={`?delete=${t.id}`} preventScrollReset className="rounded-md border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" aria-label={`Delete ${t.title}`}>
                    Delete
                  </Link>
                </div>
              </div>
              {t.accounts.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">Not activated on any account.</p>
              ) : (
                <div className="mt-2 overflow-x-auto">
                  <table className="w-full text-sm">
                    <tbody>
                      {t.accounts.map((a) => (
                        <tr key={a.configuredForId} className="border-t border-slate-100">
                          <td className="py-1 pr-2"><Link to={`/clients/${a.dataSourceId}/details/${a.configuredForId}`} className="text-brand-700 hover:underline">{a.dataSourceName}</Link></td>
                          <td className="pr-2">{a.status === "ANOMALY" ? <span className="text-red-700">Anomaly</span> : a.status ? "Not in anomaly" : "Waiting for its first run"}</td>
                          <td className="text-slate-500">{a.lastAnalyze ? a.lastAnalyze.replace("T", " ").slice(0, 16) + " UTC" : "Never"}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog title={`Delete ${deleting.title}?`} confirmLabel="Delete" cancelHref="/company/settings/alerts/templates" fields={{ intent: "delete", id: String(deleting.id) }}>
          {deleting.accounts.length
            ? `It stops on the ${deleting.accounts.length} account${deleting.accounts.length === 1 ? "" : "s"} it is activated on, and their results are deleted.`
            : "It is not activated on any account."}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
