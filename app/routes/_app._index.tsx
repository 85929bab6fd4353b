import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { dashboardData } from "~/services/alerts.server";
import { inboxAction } from "~/services/inbox.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { ClientsDashboard } from "~/components/clients-dashboard";

/** Spec 1 §2.3: the dashboard when the company monitors accounts, else the data connector. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  if (!company.activateAlert) throw redirect("/data-connector");
  return json(await dashboardData(company.id, new URL(request.url)));
}

/** The inbox's inline Snooze and Assign (issue 18). */
export const action = ({ request }: ActionFunctionArgs) => inboxAction(request);

export const meta = () => [{ title: "Your clients · Signalpost" }];

export default function Index() {
  return <ClientsDashboard data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
