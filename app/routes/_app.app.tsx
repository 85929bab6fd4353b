import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";
import { ClientsDashboard } from "~/components/clients-dashboard";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AppHome() {
  return <ClientsDashboard />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
