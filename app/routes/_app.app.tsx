import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { dashboardData } from "~/services/alerts.server";
import { inboxAction } from "~/services/inbox.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { ClientsDashboard } from "~/components/clients-dashboard";

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await dashboardData(company.id, new URL(request.url)));
}

/** The inbox's inline Snooze and Assign (issue 18). */
export const action = ({ request }: ActionFunctionArgs) => inboxAction(request);

export const meta = () => [{ title: "Your clients · Signalpost" }];

export default function AppHome() {
  return <ClientsDashboard data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
