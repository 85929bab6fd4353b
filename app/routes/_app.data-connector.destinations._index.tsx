import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { deleteDestinationCascade, destinationImpact, listDestinationRows } from "~/services/destinations.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { DESTINATION_MESSAGES, destinationLabel } from "~/utils/destinations";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, refuse } from "~/services/request-input.server";
import { idField, parseId } from "../../lib/ids.js";

export const DeleteDestinationSchema = z.object({ intent: z.literal("delete"), id: idField() });

export const meta: MetaFunction = () => [{ title: "Destinations · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const destinations = await listDestinationRows(company.id);
  const deleteId = parseId(new URL(request.url).searchParams.get("delete"));
  // Only a destination of this company can be confirmed; any other id shows nothing.
  const confirmDelete = deleteId ? ((await destinationImpact(company.id, deleteId)) ?? null) : null;
  return json({ destinations: destinations.map((d) => ({ ...d, typeLabel: destinationLabel(d.type) })), confirmDelete });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: DeleteDestinationSchema });
  const fail = (description: string) => redirectWithToast("/data-connector/destinations", { type: "error", title: DESTINATION_MESSAGES.deleteFailedTitle, description });
  // Only a forged post fails the schema (the form has hidden fields only): refused, nothing deleted.
  if (submission.status !== "success") throw refuse(400, DESTINATION_MESSAGES.deleteFailedText);
  try {
    const deleted = await deleteDestinationCascade(company.id, submission.value.id);
    if (!deleted) return fail("This destination does not exist.");
  } catch (error) {
    console.error("[destinations] delete failed", error);
    return fail(error instanceof Error && error.message ? error.message : DESTINATION_MESSAGES.deleteFailedText);
  }
  return redirectWithToast("/data-connector/destinations", { type: "success", title: DESTINATION_MESSAGES.deletedTitle });
}

export default function Destinations() {
  const { destinations, confirmDelete } = useLoaderData<typeof loader>();
  const add = (
    <Link to="/data-connector/destinations/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
      Add database
    </Link>
  );
  return (
    <div>
      <PageHeader title="Destinations" actions={add} />
      {destinations.length === 0 ? (
        <EmptyState title="You have no destination yet.">Add a database or a storage bucket to load your data streams into.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="table-cards min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Destination type</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {destinations.map((d) => (
                <tr key={d.id} data-testid="destination-row" className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 text-left font-medium">{d.name}</th>
                  <td data-label="Destination type" className="px-4 py-2">{d.typeLabel}</td>
                  <td data-label="Status" className="px-4 py-2"><span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">{d.status}</span></td>
                  <td className="space-x-2 px-4 py-2 text-right">
                    <Link to={`/data-connector/destinations/${d.id}`} className="text-brand-600 hover:underline">Edit</Link>
                    <Link to={`?delete=${d.id}`} className="text-red-600 hover:underline">Delete</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirmDelete ? (
        <ConfirmDialog title={DESTINATION_MESSAGES.deleteConfirmTitle} confirmLabel="Delete" cancelHref="/data-connector/destinations" fields={{ intent: "delete", id: String(confirmDelete.id) }}>
          <p>{DESTINATION_MESSAGES.deleteConfirmText}</p>
          {confirmDelete.datastreams.length > 0 ? (
            <div className="mt-2" data-testid="delete-impact">
              <p>These data streams write into it and will be deleted with their jobs and schedules:</p>
              <ul className="mt-1 list-inside list-disc">
                {confirmDelete.datastreams.map((s) => (
                  <li key={s.id}>
                    {s.name} ({s.jobs} job{s.jobs === 1 ? "" : "s"})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
