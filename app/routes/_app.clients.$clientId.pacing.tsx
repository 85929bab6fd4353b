import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { clientAlerts, requireClient } from "~/services/alerts.server";
import { ClientAlertList } from "~/components/client-alert-list";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  return json({ clientId: client.dataSource.id, rows: await clientAlerts(company.id, client.dataSource.id, ["pacing"]) });
}

export const meta = () => [{ title: "Pacing · Signalpost" }];

export default function Pacing() {
  const d = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Pacing"
        actions={
          <Link to={`/clients/${d.clientId}/alerts/create/pacing`} className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Add pacing
          </Link>
        }
      />
      <ClientAlertList clientId={d.clientId} rows={d.rows} empty="No pacing alert configured" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
