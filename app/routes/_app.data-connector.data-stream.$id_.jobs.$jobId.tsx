import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { deleteJobCascade, jobDetail, JOB_LOG_PAGE_SIZE, runJobNow } from "~/services/data-streams.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDuration, JOB_MESSAGES, logStatusLabel, retriesText, runDaysText, type RunProgress } from "~/utils/jobs";
import { datePresetLabel, datesLabel, destinationTypeLabel, frequencyInWords, jobStatusLabel, stepLabel } from "~/utils/labels";
import { formatNumber } from "../../lib/format.js";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-box";
import { useRevalidateEvery } from "~/components/sources";
import { HashTabs, useHashTab } from "~/components/hash-tabs";
import { DateTime, useTimeZone } from "~/components/time";
import { readForm, requireId } from "~/services/request-input.server";

const Schema = z.object({ intent: z.enum(["run-now", "delete"]) });
const TABS = [
  { id: "overview", label: "Overview" },
  { id: "basic-option", label: "Basic options" },
  { id: "accounts", label: "Accounts" },
  { id: "fields", label: "Fields" },
  { id: "extraction-option", label: "Extraction options" },
] as const;
const TAB_IDS = TABS.map((t) => t.id);
/** Spec 2 §9: the job page refreshes every 10 seconds while open; every 2 while a run is on its way. */
export const JOB_POLL_MS = 10_000;
export const JOB_LIVE_POLL_MS = 2_000;
/** Without JavaScript, the page reloads itself this often while a run is queued or running. */
export const JOB_META_REFRESH_S = 5;

export const meta: MetaFunction = () => [{ title: "Job · Signalpost" }];

function ids(params: { id?: string; jobId?: string }) {
  const streamId = requireId(params.id);
  const jobId = requireId(params.jobId);
  return { streamId, jobId };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const { streamId, jobId } = ids(params);
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const detail = await jobDetail(company.id, streamId, jobId, page);
  if (!detail) throw new Response("Not found", { status: 404 });
  return json({ ...detail, page, pageSize: JOB_LOG_PAGE_SIZE, confirmDelete: url.searchParams.get("confirm") === "delete" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const { streamId, jobId } = ids(params);
  const here = `/data-connector/data-stream/${streamId}/jobs/${jobId}`;
  const submission = parseWithZod(await readForm(request), { schema: Schema });
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  const detail = await jobDetail(company.id, streamId, jobId, 1);
  if (!detail) throw new Response("Not found", { status: 404 });
  if (submission.value.intent === "run-now") {
    // A second Run Now (another tab, a page without JavaScript) while one is on its way starts nothing.
    if (detail.run.kind !== "idle") return redirectWithToast(here, { type: "info", title: JOB_MESSAGES.alreadyRunningTitle, description: JOB_MESSAGES.alreadyRunningText });
    try {
      await runJobNow(company.id, jobId);
    } catch (error) {
      console.error("[jobs] run now failed", error);
      return redirectWithToast(here, { type: "error", title: JOB_MESSAGES.errorTitle, description: JOB_MESSAGES.errorText });
    }
    return redirectWithToast(here, { type: "success", title: JOB_MESSAGES.launchedTitle, description: JOB_MESSAGES.launchedText });
  }
  try {
    await deleteJobCascade(company.id, jobId);
  } catch (error) {
    console.error("[jobs] delete failed", error);
    return redirectWithToast(here, { type: "error", title: JOB_MESSAGES.deleteFailedTitle, description: JOB_MESSAGES.deleteFailedText });
  }
  return redirectWithToast(`/data-connector/data-stream/${streamId}`, { type: "success", title: JOB_MESSAGES.deletedTitle });
}

const formatCount = (n: number | null | undefined) => formatNumber(n ?? 0);

const STAGES = [
  { id: "queued", label: "Queued" },
  { id: "EXTRACT", label: "Extracting" },
  { id: "LOAD", label: "Loading" },
] as const;

/** The run on its way: Queued -> Extracting -> Loading, with the log's counts so far. */
function RunProgressPanel({ run }: { run: RunProgress }) {
  if (run.kind === "idle") return null;
  const current = run.kind === "queued" ? 0 : run.step === "LOAD" ? 2 : 1;
  return (
    <section aria-label="Run in progress" className="mb-4 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm" data-testid="run-progress" data-stage={STAGES[current]!.id}>
      <ol className="flex flex-wrap items-center gap-2" aria-label="Stages of the run">
        {STAGES.map((stage, i) => (
          <li key={stage.id} aria-current={i === current ? "step" : undefined} className={`flex items-center gap-2 ${i === current ? "font-semibold text-brand-700" : i < current ? "text-slate-700" : "text-slate-500"}`}>
            <span aria-hidden className={`flex h-5 w-5 items-center justify-center rounded-full text-xs ${i < current ? "bg-brand-600 text-white" : i === current ? "border-2 border-brand-600" : "border border-slate-300"}`}>
              {i < current ? "✓" : i + 1}
            </span>
            {stage.label}
            {i < STAGES.length - 1 ? <span aria-hidden className="text-slate-400">→</span> : null}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-slate-700" data-testid="run-progress-text" role="status">
        {run.kind === "queued" ? (
          <>Queued since <DateTime value={run.since} />: a worker starts it in a few seconds.</>
        ) : (
          <>
            {run.step === "LOAD" ? "Loading" : "Extracting"} since <DateTime value={run.startedAt} /> · {run.accountsDone} of {run.accounts} account{run.accounts === 1 ? "" : "s"} done ·{" "}
            <span data-testid="run-extracted">{formatCount(run.extracted)}</span> rows read · <span data-testid="run-loaded">{formatCount(run.loaded)}</span> loaded
          </>
        )}
      </p>
    </section>
  );
}

export default function JobDetail() {
  const d = useLoaderData<typeof loader>();
  const live = d.run.kind !== "idle";
  const timeZone = useTimeZone();
  useRevalidateEvery(live ? JOB_LIVE_POLL_MS : JOB_POLL_MS);
  const { tab, shown } = useHashTab(TAB_IDS);
  const base = `/data-connector/data-stream/${d.stream.id}/jobs/${d.job.id}`;
  const lastPage = Math.max(1, Math.ceil(d.total / d.pageSize));
  return (
    <div>
      {live ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(JOB_META_REFRESH_S)} />
        </noscript>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4 shadow">
        <div className="min-w-0">
          <p className="text-xs uppercase text-slate-500">{d.stream.platformName} · {d.stream.name}</p>
          <h1 className="text-xl font-semibold">{d.job.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            <span data-testid="job-runs">{d.runs}</span> run{d.runs === 1 ? "" : "s"} · Last run: <DateTime value={d.lastRun?.at} fallback="Never" testId="job-last-run" /> · Status:{" "}
            <span data-testid="job-status">{d.run.kind === "queued" ? "Queued" : d.run.kind === "running" ? stepLabel(d.run.step) : d.lastRun ? logStatusLabel(d.lastRun.success) : jobStatusLabel(d.job.status, d.job.lastLaunchedAt)}</span>
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="job-schedule">
            {frequencyInWords(d.job.recurrency, timeZone)} · Next run:{" "}
            {d.job.paused ? <span data-testid="job-next-run">Paused</span> : <DateTime value={d.job.next} fallback="Not scheduled" testId="job-next-run" />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="run-now" />
            <SubmitButton pendingLabel="Starting the run…" disabled={live} aria-describedby={live ? "run-now-note" : undefined}>Run Now</SubmitButton>
          </Form>
          <Link to={`${base}/edit`} className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50">Edit</Link>
          <Link to={`${base}?confirm=delete`} className="rounded-md border border-red-300 px-4 py-2 text-sm text-red-700 hover:bg-red-50">Delete</Link>
        </div>
        {live ? <p id="run-now-note" className="w-full text-xs text-slate-600">Run Now is back once this run finishes.</p> : null}
      </div>
      <RunProgressPanel run={d.run} />
      <div className="mb-2 flex justify-end">
        {/* A plain link: reloads the page (and its runs) with or without JavaScript. */}
        <Link to={`${base}${d.page > 1 ? `?page=${d.page}` : ""}`} className="text-sm text-brand-700 underline" data-testid="job-refresh">
          Refresh
        </Link>
      </div>
      <HashTabs tabs={TABS} active={tab} />
      {shown("overview") ? (
        <section id="overview" className="rounded-lg bg-white shadow">
          <table className="table-cards min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr>
                <th className="px-3 py-2">Extracted Date Time</th>
                <th className="px-3 py-2">Extracted Range Time</th>
                <th className="px-3 py-2">Duration</th>
                <th className="px-3 py-2">Step</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2 text-right">Extracted Row</th>
                <th className="px-3 py-2 text-right">Loaded Row</th>
                <th className="px-3 py-2"><span className="sr-only">Details</span></th>
              </tr>
            </thead>
            <tbody>
              {d.logs.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-6 text-center text-slate-500" data-testid="no-runs">
                    {d.run.kind === "queued" ? "The first run is queued: it shows here as soon as it starts." : "This job has not run yet."}
                  </td>
                </tr>
              ) : (
                d.logs.map((l) => {
                  const days = runDaysText(l);
                  const retries = retriesText(l.steps);
                  return (
                    <tr key={l.id} data-testid="log-row" className="border-t border-slate-100 align-top">
                      <td data-label="Extracted Date Time" className="px-3 py-2"><DateTime value={l.startedAt} /></td>
                      <td data-label="Extracted Range Time" className="px-3 py-2" data-testid="log-days">
                        {days.requested}
                        {days.refetched ? <span className="block text-xs text-slate-500">{days.refetched}</span> : null}
                      </td>
                      <td data-label="Duration" className="px-3 py-2">{formatDuration(l.duration)}</td>
                      <td data-label="Step" className="px-3 py-2">{stepLabel(l.step)}</td>
                      <td data-label="Status" className="px-3 py-2">
                        <span data-testid="log-status">{logStatusLabel(l.success)}</span>
                        {retries ? <span className="block text-xs text-amber-700" data-testid="log-retries">{retries}</span> : null}
                      </td>
                      <td data-label="Extracted Row" className="px-3 py-2 text-right">{formatCount(l.extractedRow)}</td>
                      <td data-label="Loaded Row" className="px-3 py-2 text-right" data-testid="log-loaded">{formatCount(l.numberRow)}</td>
                      <td className="px-3 py-2">
                        <details>
                          <summary className="cursor-pointer text-brand-600">View details</summary>
                          <div className="mt-2 space-y-2 text-xs">
                            {l.message ? <p className={l.success === false ? "text-red-700" : ""}>{l.message}</p> : null}
                            <ul className="space-y-2">
                              {l.steps.map((s) => (
                                <li key={`${s.dataSourceId}-${s.dateStart}`} data-testid="log-step">
                                  <p>
                                    {s.accountName}: {logStatusLabel(s.success)} · {formatCount(s.extractedRows ?? s.numberRow)} rows extracted · {formatCount(s.numberRow)} loaded ·{" "}
                                    {formatDuration(s.duration)}
                                    {s.message ? ` · ${s.message}` : ""}
                                  </p>
                                  {s.attempts && s.attempts.length > 1 ? (
                                    <ol className="ml-4 list-decimal text-slate-600" aria-label={`Attempts for ${s.accountName}`}>
                                      {s.attempts.map((a) => (
                                        <li key={a.attempt} data-testid="log-attempt">
                                          Attempt {a.attempt}: {logStatusLabel(a.success)} · {formatDuration(a.duration)} · {formatCount(a.extractedRows)} extracted, {formatCount(a.loadedRows)} loaded
                                          {a.message ? <span className={a.success === false ? " text-red-700" : ""}> · {a.message}</span> : null}
                                        </li>
                                      ))}
                                    </ol>
                                  ) : null}
                                </li>
                              ))}
                            </ul>
                          </div>
                        </details>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
          <div className="flex items-center justify-between px-3 py-2 text-sm">
            <span>Page {d.page} of {lastPage}</span>
            <span className="space-x-2">
              {d.page > 1 ? <Link to={`${base}?page=${d.page - 1}`} className="text-brand-600">Previous</Link> : <span className="text-slate-500">Previous</span>}
              {d.page < lastPage ? <Link to={`${base}?page=${d.page + 1}`} className="text-brand-600">Next</Link> : <span className="text-slate-500">Next</span>}
            </span>
          </div>
        </section>
      ) : null}
      {shown("basic-option") ? (
        <section id="basic-option" className="mt-4 rounded-lg bg-white p-4 text-sm shadow">
          <h2 className="mb-2 font-semibold">Basic options</h2>
          <p>Name: {d.job.name}</p>
          <p>Destination: {d.stream.destination} ({destinationTypeLabel(d.stream.destinationType)})</p>
        </section>
      ) : null}
      {shown("accounts") ? (
        <section id="accounts" className="mt-4 rounded-lg bg-white p-4 text-sm shadow">
          <h2 className="mb-2 font-semibold">Accounts</h2>
          {d.job.allAccounts ? <p className="mb-1">All accounts of the source.</p> : null}
          <ul>
            {d.accounts.map((a) => (
              <li key={a.id}>
                {a.name} ({a.accountId}){a.blocked ? " · This account is blocked. You need to unblock it to fetch data." : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {shown("fields") ? (
        <section id="fields" className="mt-4 rounded-lg bg-white p-4 text-sm shadow">
          <h2 className="mb-2 font-semibold">Fields</h2>
          <ul>
            {Object.entries(d.job.fields).map(([id, name]) => (
              <li key={id}>
                {id}
                {name !== id ? ` → ${name}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {shown("extraction-option") ? (
        <section id="extraction-option" className="mt-4 rounded-lg bg-white p-4 text-sm shadow">
          <h2 className="mb-2 font-semibold">Extraction options</h2>
          <p>
            Frequency: {frequencyInWords(d.job.recurrency, timeZone)}
            {d.job.paused ? " (paused)" : ""} <code className="text-xs text-slate-500">({d.job.recurrency})</code>
          </p>
          <p>Next run: {d.job.paused ? "Paused" : <DateTime value={d.job.next} fallback="Not scheduled" />}</p>
          <p>Days read by each run: {datesLabel(d.job.date, d.job.startDate, d.job.endDate)}</p>
          {d.job.date !== "CUSTOM" && d.stream.restatementDays > 0 ? (
            <p className="text-slate-600" data-testid="refetch-note">
              Each run reads the days of &quot;{datePresetLabel(d.job.date)}&quot; (the same days as in a query URL), and also re-fetches the earlier of the last {d.stream.restatementDays} days,
              which {d.stream.platformName} may still revise.
            </p>
          ) : null}
          <p>
            Initial fetch:{" "}
            {d.job.hasToBeInitialized
              ? `${datesLabel(d.job.dateInitialization, d.job.startDateInitialization, d.job.endDateInitialization)} (${d.job.isInitialized ? "done" : "in progress"})`
              : "No"}
          </p>
          <p>Table: {d.job.tableName}</p>
          {d.job.partitionFieldId ? <p>Partition: {d.job.partitionFieldId}</p> : null}
          {d.job.dataType ? <p>Data format: {d.job.dataType.toUpperCase()}</p> : null}
          <p>Run all accounts even if one fails: {d.job.shouldRunAllEvenIfFailed ? "Yes" : "No"}</p>
        </section>
      ) : null}
      {d.confirmDelete ? (
        <ConfirmDialog title="Confirm the deletion of the job" confirmLabel="Delete" cancelHref={base} fields={{ intent: "delete" }}>
          Are you sure you want to delete this job? Its schedule stops; the data already loaded stays in the destination.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
