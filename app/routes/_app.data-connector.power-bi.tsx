import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireUser } from "~/services/session.server";
import { getDb } from "~/services/db.server";
import { savedQueriesRepo } from "~/services/repositories.server";
import { powerBiPage } from "~/services/bi-pages.server";
import { redirectWithToast } from "~/services/toast.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { DateTime } from "~/components/time";
import { useHydrated } from "~/utils/use-hydrated";
import { notFound, parseOrRefuse, readForm } from "~/services/request-input.server";
import { idField } from "../../lib/ids.js";
import { z } from "zod";

const QUERY_GONE = "This saved query does not exist.";
const DeleteIntentSchema = z.object({ intent: z.literal("delete", { error: "This page can only delete a saved query." }) });
const SavedQueryRowSchema = z.object({ id: idField(QUERY_GONE) });

export const meta = () => [{ title: "Power BI · Signalpost" }];

export const COPIED_MESSAGE = "The query has been copied to your clipboard.";

export async function loader({ request }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  return json(await powerBiPage(company, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const form = await readForm(request);
  parseOrRefuse(form, DeleteIntentSchema);
  // An id that can name no row (past the integer range, say) is a query that does not exist.
  const { id } = parseOrRefuse(form, SavedQueryRowSchema, 404);
  if (!(await savedQueriesRepo.deleteSavedQuery(getDb(), company.id, id))) throw notFound(QUERY_GONE);
  return redirectWithToast("/data-connector/power-bi", { type: "success", title: "The query has been deleted" });
}

function GetUrlButton({ id, url }: { id: number; url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 10_000);
    return () => clearTimeout(t);
  }, [copied]);
  if (!hydrated) return <Link to={`?url=${id}`} className="rounded-md border border-slate-300 px-3 py-1 text-xs hover:bg-slate-50">Get URL</Link>;
  return (
    <span className="relative">
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
          } catch {
            // Clipboard refused: the URL is also reachable through the no-JS link (?url=id).
          }
          setCopied(true);
        }}
        className="rounded-md border border-slate-300 px-3 py-1 text-xs hover:bg-slate-50"
      >
        Get URL
      </button>
      {copied ? <span role="status" className="absolute right-0 top-8 z-10 whitespace-nowrap rounded bg-slate-800 px-2 py-1 text-xs text-white">{COPIED_MESSAGE}</span> : null}
    </span>
  );
}

export default function PowerBiList() {
  const { rows, page, pages, confirmDelete, shownUrl } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Power BI" actions={<Link to="/data-connector/api?format=powerbi" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">New query</Link>} />
      <p className="mb-4 max-w-2xl text-sm text-slate-600">In Power BI Desktop choose Get data → Web and paste the URL of a query: its rows load as a table.</p>
      {shownUrl ? (
        <div className="mb-4 rounded-md border border-slate-200 bg-white p-3">
          <label htmlFor="powerbi-url" className="block text-sm font-medium">Query URL</label>
          <input id="powerbi-url" readOnly value={shownUrl} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-100 px-2 py-1 font-mono text-xs" />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="You do not have any query saved yet.">
          <Link to="/data-connector/api?format=powerbi" className="text-brand-700 underline">Build a query</Link>
        </EmptyState>
      ) : (
        <table className="table-cards min-w-full rounded-lg bg-white text-left text-sm shadow-sm">
          <thead className="bg-slate-50 text-xs uppercase text-slate-500">
            <tr><th className="px-4 py-2">Name</th><th className="px-4 py-2">Source</th><th className="px-4 py-2">Created</th><th className="px-4 py-2 text-right">Actions</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td data-label="Name" className="px-4 py-2 font-medium">{r.name}</td>
                <td data-label="Source" className="px-4 py-2">{r.platform}</td>
                <td data-label="Created" className="px-4 py-2"><DateTime value={r.createdAt} /></td>
                <td data-label="Actions" className="px-4 py-2">
                  <span className="flex justify-end gap-2">
                    <Link to={`/data-connector/api/${r.id}?format=powerbi`} className="rounded-md border border-slate-300 px-3 py-1 text-xs hover:bg-slate-50">Edit</Link>
                    <Link to={`?delete=${r.id}`} className="rounded-md border border-red-200 px-3 py-1 text-xs text-red-700 hover:bg-red-50">Delete</Link>
                    <GetUrlButton id={r.id} url={r.url} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="mt-3 flex gap-2 text-sm" aria-label="Pages">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Previous</Link> : null}
          <span>Page {page} of {pages}</span>
          {page < pages ? <Link to={`?page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog title="Delete the query?" confirmLabel="Delete" cancelHref="/data-connector/power-bi" fields={{ intent: "delete", id: String(confirmDelete.id) }}>
          &quot;{confirmDelete.name}&quot; will be deleted. Power BI reports already using its URL keep working.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
