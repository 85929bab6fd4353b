import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { usersRepo } from "~/services/repositories.server";
import { PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";

export const meta = () => [{ title: "Getting started · Signalpost" }];

/** Skip stops the automatic redirect here and goes to the data connector (spec 3 §2.4). */
export async function action({ request }: ActionFunctionArgs) {
  const { user, company } = await requireUser(request);
  await usersRepo.markGettingStartedSkipped(getDb(), company.id, user.id);
  return redirect("/data-connector");
}

export default function GettingStarted() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Getting started"
        actions={
          <Form method="post">
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-50">Skip</button>
          </Form>
        }
      />
      <ol className="mb-6 flex gap-6 text-sm">
        <li className="font-semibold text-brand-700">1. Source</li>
        <li className="text-slate-400">2. Destination</li>
      </ol>
      <div className="rounded-lg bg-white p-6 shadow">
        <p className="text-sm text-slate-600">Connect the first platform you want to read data from.</p>
        <Link to="/data-connector/sources" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Add a source</Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
