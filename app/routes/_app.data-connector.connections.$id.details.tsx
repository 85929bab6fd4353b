import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/services/session.server";
import { connectionDetails } from "~/services/usage-screen.server";
import { refreshConnectionData, refreshToastText } from "~/services/read-cache.server";
import { getDb } from "~/services/db.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDuration } from "~/utils/jobs";
import { GeneralErrorBoundary } from "~/components/error-box";
import { z } from "zod";
import { DateTime } from "~/components/time";
import { formatDay } from "~/utils/format-date";
import { formatNumber } from "../../lib/format.js";
import { notFound, parseOrRefuse, readForm, requireId } from "~/services/request-input.server";

const RefreshSchema = z.object({ intent: z.literal("refresh-data", { message: "Unknown action." }) });

export const meta: MetaFunction = () => [{ title: "Connection details · Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const details = await connectionDetails(company.id, requireId(params.id));
  if (!details) throw notFound();
  return json(details);
}

/** "Refresh data": the read cache forgets this account's stored days (decision 0890). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const id = requireId(params.id);
  parseOrRefuse(await readForm(request), RefreshSchema);
  const details = await connectionDetails(company.id, id);
  const outcome = details ? await refreshConnectionData(getDb(), company.id, id) : undefined;
  if (!details || !outcome) throw new Response("Not found", { status: 404 });
  return redirectWithToast(`/data-connector/connections/${id}/details`, { type: "success", title: "Stored data cleared", description: refreshToastText(outcome, details.source) });
}


export default function ConnectionDetails() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const refreshing = navigation.state === "submitting" && navigation.formData?.get("intent") === "refresh-data";
  const ok = d.lastStatus === "Success";
  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <span role="img" aria-label={d.lastStatus} className={`inline-block h-3 w-3 rounded-full ${d.lastStatus === "Not run" ? "bg-slate-300" : ok ? "bg-green-500" : "bg-red-500"}`} />
          {d.name}
        </h1>
        <Link to={`/data-connector/sources/${d.sourceId}`} className="rounded-md border px-4 py-2 text-sm hover:bg-slate-50">Edit source</Link>
      </div>
      <p className="mb-4 text-sm text-slate-600">{d.source} · {d.account} → {d.destination}</p>
      <Form method="post" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-white p-4 shadow">
        <p className="flex-1 text-sm text-slate-600" data-testid="stored-data">{d.stored.text}</p>
        <input type="hidden" name="intent" value="refresh-data" />
        <button type="submit" disabled={refreshing} className="rounded-md border px-4 py-2 text-sm hover:bg-slate-50 disabled:opacity-50">
          {refreshing ? "Clearing…" : "Refresh data"}
        </button>
      </Form>
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg bg-white p-4 shadow"><p className="text-xs uppercase text-slate-500">Last status</p><p className="text-lg font-semibold" data-testid="last-status">{d.lastStatus}</p></div>
        <div className="rounded-lg bg-white p-4 shadow"><p className="text-xs uppercase text-slate-500">Last run</p><p className="text-lg font-semibold"><DateTime value={d.lastRun} fallback="Never" /></p></div>
        <div className="rounded-lg bg-white p-4 shadow"><p className="text-xs uppercase text-slate-500">Total number request</p><p className="text-lg font-semibold" data-testid="total-requests">{formatNumber(d.totalRequests)}</p></div>
      </div>
      <h2 className="mb-2 font-semibold">Recent activity</h2>
      <div className="overflow-x-auto rounded-lg bg-white shadow">
        <table className="table-cards min-w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-3 py-2">Status</th><th className="px-3 py-2">Request Date</th><th className="px-3 py-2">Duration</th><th className="px-3 py-2">Number row</th><th className="px-3 py-2">Read from</th><th className="px-3 py-2">Details</th></tr>
          </thead>
          <tbody>
            {d.logs.length === 0 ? (
              <tr><td colSpan={6} className="px-3 py-6 text-center text-slate-500">Not run</td></tr>
            ) : (
              d.logs.map((l) => (
                <tr key={l.id} className="border-t border-slate-100">
                  <td data-label="Status" className={`px-3 py-2 ${l.success ? "text-green-700" : "text-red-700"}`}>{l.success ? "Success" : "Failure"}</td>
                  <td data-label="Request Date" className="px-3 py-2"><DateTime value={l.date} /></td>
                  <td data-label="Duration" className="px-3 py-2">{formatDuration(l.duration)}</td>
                  <td data-label="Number row" className="px-3 py-2">{formatNumber(l.numberRow)}</td>
                  <td data-label="Read from" className="px-3 py-2 text-xs">{l.readFrom}</td>
                  <td data-label="Details" className="px-3 py-2 text-xs">{l.message ?? (l.dateStart ? `${formatDay(l.dateStart)} to ${formatDay(l.dateEnd)}` : "")}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
