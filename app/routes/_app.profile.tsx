import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Your profile · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return json({ email: user.email, firstName: user.firstName, lastName: user.lastName });
}

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  return (
    <div className="max-w-xl">
      <PageHeader title="Your profile" />
      <dl className="space-y-3 rounded-lg bg-white p-6 text-sm shadow">
        <div><dt className="text-slate-500">Email</dt><dd className="font-medium">{user.email}</dd></div>
        <div><dt className="text-slate-500">Name</dt><dd className="font-medium">{[user.firstName, user.lastName].filter(Boolean).join(" ") || "—"}</dd></div>
      </dl>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
