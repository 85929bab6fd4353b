import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { jobsReadingSource } from "~/services/data-streams.server";
import { redirectWithToast } from "~/services/toast.server";
import { deleteSource, listSources, SourceFlowError } from "~/services/sources.server";
import { SOURCE_MESSAGES, sortAndPageSources, type SourceSort } from "~/utils/sources";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { PlatformIcon, StatusBadge, useRevalidateEvery } from "~/components/sources";
import { SubmitButton } from "~/components/forms";
import { readForm, refuse } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";

export const DeleteSourceSchema = z.object({
  intent: z.literal("delete"),
  id: idField(),
});

export const meta: MetaFunction = () => [{ title: "Sources · Signalpost" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const all = await listSources(company.id);
  const url = new URL(request.url);
  const q = url.searchParams;
  const { rows: sources, ...paging } = sortAndPageSources(all, { sort: q.get("sort"), dir: q.get("dir"), page: q.get("page") });
  const deleteId = Number(q.get("delete"));
  // The confirmation only names a source of this company; any other id shows nothing.
  const confirmDelete = all.find((s) => s.id === deleteId) ?? null;
  // The jobs that deleting it would remove with their schedules (decision 0401).
  const affectedJobs = confirmDelete ? await jobsReadingSource(company.id, confirmDelete.id) : [];
  return json({ sources, paging, confirmDelete: confirmDelete ? { id: confirmDelete.id, name: confirmDelete.name, affectedJobs } : null });
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: DeleteSourceSchema });
  // Only a forged post fails the schema (the form has hidden fields only): refused, nothing deleted.
  if (submission.status !== "success") throw refuse(400, SOURCE_MESSAGES.deleteFailed);
  try {
    await deleteSource(company.id, submission.value.id);
  } catch (error) {
    if (!(error instanceof SourceFlowError)) console.error("[sources] delete failed", error);
    return redirectWithToast("/data-connector/sources", { type: "error", title: SOURCE_MESSAGES.deleteFailedTitle, description: SOURCE_MESSAGES.deleteFailed });
  }
  return redirectWithToast("/data-connector/sources", { type: "success", title: "The source has been deleted", description: "Its accounts are no longer extracted." });
}

function ConfirmDelete({ source }: { source: { id: number; name: string; affectedJobs: { id: number; name: string; datastream: string }[] } }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="delete-source-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <h2 id="delete-source-title" className="text-lg font-semibold">Confirm the deletion of the source</h2>
        <p className="mt-2 text-sm text-slate-600">
          Are you sure you want to delete the source <strong>{source.name}</strong>? Its activated accounts are deleted with it.
        </p>
        {source.affectedJobs.length > 0 ? (
          <div className="mt-2 text-sm text-slate-600" data-testid="delete-impact">
            <p>These jobs read it and will be deleted with their schedules:</p>
            <ul className="mt-1 list-inside list-disc">
              {source.affectedJobs.map((j) => (
                <li key={j.id}>
                  {j.name} ({j.datastream})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Form method="post" className="mt-5 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={source.id} />
          <Link to="/data-connector/sources" className="rounded-md px-4 py-2 text-sm text-slate-600 hover:bg-slate-100">
            Cancel
          </Link>
          <SubmitButton busy={busy} className="bg-red-600 hover:bg-red-700">
            Delete
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}

function SortHeader({ column, label, paging }: { column: SourceSort; label: string; paging: { sort: string; dir: string } }) {
  const [params] = useSearchParams();
  const active = paging.sort === column;
  const next = new URLSearchParams(params);
  next.set("sort", column);
  next.set("dir", active && paging.dir === "asc" ? "desc" : "asc");
  next.delete("page");
  next.delete("delete");
  return (
    <th className="px-4 py-2" aria-sort={active ? (paging.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={`?${next}`} preventScrollReset className="hover:text-slate-800">
        {label}
        {active ? <span aria-hidden> {paging.dir === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}

function Pager({ paging }: { paging: { page: number; pages: number; total: number } }) {
  const [params] = useSearchParams();
  if (paging.pages <= 1) return null;
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    next.delete("delete");
    return `?${next}`;
  };
  return (
    <nav aria-label="Pagination" className="mt-3 flex items-center justify-between text-sm text-slate-600">
      <span>
        Page {paging.page} of {paging.pages} · {paging.total} sources
      </span>
      <span className="flex gap-2">
        {paging.page > 1 ? <Link to={href(paging.page - 1)} className="rounded border border-slate-300 bg-white px-3 py-1">Previous</Link> : null}
        {paging.page < paging.pages ? <Link to={href(paging.page + 1)} className="rounded border border-slate-300 bg-white px-3 py-1">Next</Link> : null}
      </span>
    </nav>
  );
}

export default function Sources() {
  const { sources, paging, confirmDelete } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  useRevalidateEvery(5_000);
  const add = (
    <span className="flex gap-2">
      <Link to="/data-connector/client-links" className="rounded-md border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
        Ask a client to connect
      </Link>
      <Link to="/data-connector/sources/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Add source
      </Link>
    </span>
  );
  return (
    <div>
      <PageHeader title="Sources" actions={add} />
      {paging.total === 0 ? (
        <EmptyState title="You have no source yet.">Add a source to connect a platform and choose its accounts.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="table-cards min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <SortHeader column="name" label="Name" paging={paging} />
                <SortHeader column="platform" label="Source" paging={paging} />
                <SortHeader column="connected" label="Number accounts connected" paging={paging} />
                <SortHeader column="status" label="Status" paging={paging} />
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((s) => (
                <tr key={s.id} data-testid="source-row" data-source-id={s.id} className="border-t border-slate-100">
                  <td data-label="Name" className="px-4 py-2 font-medium">
                    <Link to={`/data-connector/sources/${s.id}`} className="hover:underline">
                      {s.name}
                    </Link>
                  </td>
                  <td data-label="Source" className="px-4 py-2">
                    <span className="flex items-center gap-2">
                      <PlatformIcon platform={s.platform} name="" size={24} />
                      <span>
                        {s.platformName}
                        <span className="block text-xs text-slate-500">
                          {s.totalAvailableDataSource} account{s.totalAvailableDataSource === 1 ? "" : "s"} available
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label="Number accounts connected" className="px-4 py-2" data-testid="accounts-connected">
                    {s.totalActivatedDataSource}
                  </td>
                  <td data-label="Status" className="px-4 py-2">
                    <StatusBadge badge={s.badge} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right">
                    <Link to={`/data-connector/sources/${s.id}`} className="rounded px-2 py-1 text-brand-700 hover:bg-brand-50">
                      Edit
                    </Link>
                    <Link
                      to={`?${new URLSearchParams({ ...Object.fromEntries(params), delete: String(s.id) })}`}
                      preventScrollReset
                      className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
                      aria-label={`Delete ${s.name}`}
                    >
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} />
      {confirmDelete ? <ConfirmDelete source={confirmDelete} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
