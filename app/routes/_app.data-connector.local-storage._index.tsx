// /data-connector/local-storage: the company's local-storage pipelines (spec 2 §2; the prototype
// only showed the word "test"), with a button that creates one.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { listLocalStorages } from "~/services/local-storage.server";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { DateTime } from "~/components/time";
import { SubmitButton } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: "Local storage · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const rows = await listLocalStorages(getDb(), company.id);
  return json({ pipelines: rows.map((r) => ({ id: r.id, sources: Number(r.sources), updatedAt: r.updatedAt.toISOString() })) });
}

export function CreatePipelineButton() {
  const navigation = useNavigation();
  return (
    <Form method="post" action="/data-connector/local-storage/create">
      <SubmitButton busy={navigation.formAction === "/data-connector/local-storage/create"}>New pipeline</SubmitButton>
    </Form>
  );
}

export default function LocalStorageList() {
  const { pipelines } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Local storage" actions={<CreatePipelineButton />} />
      {pipelines.length === 0 ? (
        <EmptyState title="No pipeline yet">Create a pipeline, add sources and fields, and preview 100 rows combined from them.</EmptyState>
      ) : (
        <table className="table-cards w-full rounded-lg bg-white text-sm shadow">
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr><th className="px-4 py-2">Pipeline</th><th className="px-4 py-2">Sources</th><th className="px-4 py-2">Updated</th></tr>
          </thead>
          <tbody>
            {pipelines.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td data-label="Pipeline" className="px-4 py-2"><Link to={`/data-connector/local-storage/${p.id}`} className="text-brand-700 hover:underline">Pipeline #{p.id}</Link></td>
                <td data-label="Sources" className="px-4 py-2">{p.sources}</td>
                <td data-label="Updated" className="px-4 py-2"><DateTime value={p.updatedAt} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
