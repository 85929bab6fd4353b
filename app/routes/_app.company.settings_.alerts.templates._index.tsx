import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { templatesWithHealth } from "~/services/alerts.server";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json({ templates: await templatesWithHealth(company.id) });
}

export const meta = () => [{ title: "Alert templates · Signalpost" }];

export default function Templates() {
  const { templates } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Alert templates" />
      {templates.length === 0 ? (
        <EmptyState title="No template yet">Open an alert and choose Save as template.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {templates.map((t) => (
            <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="template">
              <p className="font-medium">{t.title}</p>
              <p className="text-xs text-slate-500">{t.platform} · {t.type}</p>
              {t.accounts.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">Not activated on any account.</p>
              ) : (
                <table className="mt-2 w-full text-sm">
                  <tbody>
                    {t.accounts.map((a) => (
                      <tr key={a.configuredForId} className="border-t border-slate-100">
                        <td className="py-1"><Link to={`/clients/${a.dataSourceId}/details/${a.configuredForId}`} className="text-brand-700 hover:underline">{a.dataSourceName}</Link></td>
                        <td>{a.status === "ANOMALY" ? <span className="text-red-700">Anomaly</span> : a.status ? "Not in anomaly" : "Waiting for its first run"}</td>
                        <td className="text-slate-500">{a.lastAnalyze ? a.lastAnalyze.replace("T", " ").slice(0, 16) + " UTC" : "Never"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
