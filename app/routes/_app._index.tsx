import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { ClientsDashboard } from "~/components/clients-dashboard";

/** Spec 1 §2.3: the dashboard when the company monitors accounts, else the data connector. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  if (!company.activateAlert) throw redirect("/data-connector");
  return null;
}

export default function Index() {
  return <ClientsDashboard />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
