import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { deleteJobCascade, deleteStreamCascade, streamDetail } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { destinationLabel } from "~/utils/destinations";
import { JOB_MESSAGES, STREAM_MESSAGES } from "~/utils/jobs";
import { jobStatusLabel } from "~/utils/labels";
import { DateTime } from "~/components/time";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-box";
import { readForm, requireId } from "~/services/request-input.server";

const Schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-stream") }),
  z.object({ intent: z.literal("delete-job"), jobId: z.string() }),
]);

export const meta: MetaFunction = () => [{ title: "Data stream · Signalpost" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const detail = await streamDetail(company.id, requireId(params.id));
  if (!detail) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  const jobToDelete = detail.jobs.find((j) => j.id === Number(url.searchParams.get("job")));
  return json({ detail, confirm: confirm === "delete-stream" ? ("delete-stream" as const) : confirm === "delete-job" && jobToDelete ? ("delete-job" as const) : null, jobToDelete: jobToDelete ?? null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const id = requireId(params.id);
  const back = `/data-connector/data-stream/${id}`;
  const submission = parseWithZod(await readForm(request), { schema: Schema });
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  if (submission.value.intent === "delete-stream") {
    try {
      if (!(await deleteStreamCascade(company.id, id))) throw new Response("Not found", { status: 404 });
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("[data-streams] delete failed", error);
      return redirectWithToast(back, { type: "error", title: STREAM_MESSAGES.deleteFailedTitle, description: STREAM_MESSAGES.failedText });
    }
    return redirectWithToast("/data-connector/data-stream", { type: "success", title: STREAM_MESSAGES.deletedTitle });
  }
  try {
    // A job id that can name no row is a job that does not exist, like another company's.
    const jobId = requireId(submission.value.jobId, "This job does not exist.");
    if (!(await deleteJobCascade(company.id, jobId))) throw new Response("Not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[data-streams] job delete failed", error);
    return redirectWithToast(back, { type: "error", title: JOB_MESSAGES.deleteFailedTitle, description: JOB_MESSAGES.deleteFailedText });
  }
  return redirectWithToast(back, { type: "success", title: JOB_MESSAGES.deletedTitle });
}


export default function DataStreamDetail() {
  const { detail, confirm, jobToDelete } = useLoaderData<typeof loader>();
  const base = `/data-connector/data-stream/${detail.id}`;
  return (
    <div>
      <PageHeader
        title={detail.name}
        actions={
          <div className="flex gap-2">
            <Link to={`${base}/jobs/new`} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Add Job</Link>
            <Link to={`${base}?confirm=delete-stream`} className="rounded-md border border-red-300 px-4 py-2 text-sm text-red-700 hover:bg-red-50">Delete</Link>
          </div>
        }
      />
      <dl className="mb-4 grid gap-4 rounded-lg bg-white p-4 text-sm shadow sm:grid-cols-3">
        <div><dt className="text-slate-500">Platform</dt><dd className="font-medium">{detail.platformName}</dd></div>
        <div><dt className="text-slate-500">Runnable jobs</dt><dd className="font-medium" data-testid="runnable-jobs">{detail.runnableJobs}</dd></div>
        <div>
          <dt className="text-slate-500">Destination</dt>
          <dd className="font-medium">{detail.destination.name ? `${detail.destination.name} (${destinationLabel(detail.destination.type)})` : "No destination"}</dd>
        </div>
      </dl>
      {detail.jobs.length === 0 ? (
        <EmptyState title="This data stream has no job yet.">Add a job to choose the accounts, fields and schedule.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow">
          <table className="table-cards min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Accounts</th>
                <th className="px-4 py-2">Next Run</th>
                <th className="px-4 py-2">Last Run</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {detail.jobs.map((j) => (
                <tr key={j.id} data-testid="job-row" className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 text-left font-medium">{j.name}</th>
                  <td data-label="Accounts" className="px-4 py-2">{j.accounts}</td>
                  <td data-label="Next Run" className="px-4 py-2">{j.paused ? "Paused" : <DateTime value={j.next} fallback="Not scheduled" />}</td>
                  <td data-label="Last Run" className="px-4 py-2"><DateTime value={j.lastLaunchedAt} fallback="Never" /></td>
                  <td data-label="Status" className="px-4 py-2">{jobStatusLabel(j.status, j.lastLaunchedAt)}</td>
                  <td className="space-x-2 whitespace-nowrap px-4 py-2 text-right">
                    <Link to={`${base}/jobs/${j.id}`} className="text-brand-600 hover:underline">View</Link>
                    <Link to={`${base}?confirm=delete-job&job=${j.id}`} className="text-red-600 hover:underline">Delete</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm === "delete-stream" ? (
        <ConfirmDialog title="Confirm the deletion of the data stream" confirmLabel="Delete" cancelHref={base} fields={{ intent: "delete-stream" }}>
          Are you sure you want to delete this data stream? Its {detail.jobs.length} job(s) and their schedules are deleted with it; the data already loaded stays in the destination.
        </ConfirmDialog>
      ) : null}
      {confirm === "delete-job" && jobToDelete ? (
        <ConfirmDialog title="Confirm the deletion of the job" confirmLabel="Delete" cancelHref={base} fields={{ intent: "delete-job", jobId: String(jobToDelete.id) }}>
          Are you sure you want to delete the job {jobToDelete.name}? Its schedule stops; the data already loaded stays in the destination.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
