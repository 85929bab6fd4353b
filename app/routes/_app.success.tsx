import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Successful Payment · Signalpost" }];

/** Stripe Checkout's success_url. The subscription itself is recorded by the webhook, not here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Success() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 text-center shadow">
      <h1 className="text-2xl font-semibold text-green-700">Successful Payment</h1>
      <p className="mt-3 text-slate-700">Your plan has been activated.</p>
      <p className="mt-1 text-sm text-slate-500">All your services should be available in under 5 minutes.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Go back home</Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
