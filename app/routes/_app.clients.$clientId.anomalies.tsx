import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { clientAlerts, requireClient, starterChecksFor, templatesFor, templateToggleReply } from "~/services/alerts.server";
import { ClientAlertList } from "~/components/client-alert-list";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { TemplatePicker } from "~/components/template-picker";
import { readForm } from "~/services/request-input.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const url = new URL(request.url);
  const picker = url.searchParams.get("picker") === "1";
  const search = url.searchParams.get("q") ?? "";
  return json({
    clientId: client.dataSource.id,
    rows: await clientAlerts(company.id, client.dataSource.id, ["metric", "kpi"]),
    templates: picker ? await templatesFor(company.id, client, search) : [],
    checks: picker ? starterChecksFor(client, search) : [],
    search,
  });
}

/** Template toggles of the picker (spec 1 §4): activate creates a configured-for, deactivate removes it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { company, user } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  return templateToggleReply(request, company.id, user.id, client, await readForm(request));
}

export const meta = () => [{ title: "Alerts · Signalpost" }];

export default function Anomalies() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <div>
      <PageHeader
        title="Alerts"
        actions={
          <span className="flex gap-2">
            <Link to={`/clients/${d.clientId}/alerts/create/cross-platform`} className="rounded-md border border-brand-600 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
              Cross-platform spend alert
            </Link>
            <Link to="?picker=1" className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
              Add alert
            </Link>
          </span>
        }
      />
      <ClientAlertList clientId={d.clientId} rows={d.rows} empty="No alert configured" />
      {params.get("picker") === "1" ? <TemplatePicker templates={d.templates} checks={d.checks} search={d.search} closeHref={`/clients/${d.clientId}/anomalies`} scratchHref={`/clients/${d.clientId}/alerts/create/default`} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
