import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { alertsRepo, requireClient, requireConfiguredFor, runNow } from "~/services/alerts.server";
import { alertDetail } from "~/services/alert-detail.server";
import { snoozeEnd } from "~/services/alert-snooze.server";
import { getDb } from "~/services/db.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { PacingChart, SeriesChart } from "~/components/alert-charts";
import { formatClock, ResultExplanation, resultChart, ResultStatus, ScheduleLine } from "~/components/alert-result";
import { explainCondition } from "../../engine/browser.js";
import { readForm, safeParseForm } from "~/services/request-input.server";
import { parseId } from "../../lib/ids.js";

const SnoozeSchema = z.object({
  intent: z.literal("snooze"),
  snoozed: z.string({ error: "Please pick a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Please pick a date"),
});
const Schema = z.discriminatedUnion("intent", [SnoozeSchema, z.object({ intent: z.literal("unsnooze") }), z.object({ intent: z.literal("delete") }), z.object({ intent: z.literal("run-now") })]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const cf = await requireConfiguredFor(company.id, client.dataSource.id, params.configuredForId);
  return json(await alertDetail(company.id, client, cf, parseId(new URL(request.url).searchParams.get("result"))));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const cf = await requireConfiguredFor(company.id, client.dataSource.id, params.configuredForId);
  const form = await readForm(request);
  const parsed = safeParseForm(form, Schema);
  if (!parsed.success) return json({ errors: { snoozed: parsed.error.issues[0]?.message ?? "Please pick a date" } }, { status: 400 });
  const db = getDb();
  const self = `/clients/${client.dataSource.id}/details/${cf.id}`;
  if (parsed.data.intent === "snooze") {
    const end = snoozeEnd(parsed.data.snoozed);
    if (!end.ok) return json({ errors: { snoozed: end.message } }, { status: 400 });
    const until = end.until;
    if (!(await alertsRepo.setSnooze(db, company.id, cf.id, until))) return redirectWithToast(self, { type: "error", title: "Unable to snooze the alert.", description: "There is an internal error system." });
    return redirectWithToast(self, { type: "success", title: `Alert successfully snoozed until ${parsed.data.snoozed}` });
  }
  if (parsed.data.intent === "run-now") {
    const started = await runNow(company.id, cf.id);
    return redirectWithToast(self, started ? { type: "success", title: "The alert is running", description: "Its results show here within a minute." } : { type: "error", title: "The run could not start", description: "The hourly pass will run it." });
  }
  if (parsed.data.intent === "unsnooze") {
    if (!(await alertsRepo.setSnooze(db, company.id, cf.id, null))) return redirectWithToast(self, { type: "error", title: "Unable to un-snooze the alert.", description: "There is an internal error system." });
    return redirectWithToast(self, { type: "success", title: "Alert successfully un-snoozed" });
  }
  await db.transaction().execute(async (trx) => {
    await alertsRepo.deleteConfiguredFor(trx, company.id, cf.id);
    // An alert written for this account goes with its binding; templates stay for other accounts.
    if (!cf.useAsTemplate && (await alertsRepo.listConfiguredFors(trx, company.id, { sentryId: cf.sentryId })).length === 0) await alertsRepo.deleteSentry(trx, company.id, cf.sentryId);
  });
  return redirectWithToast(`/clients/${client.dataSource.id}/${cf.sentryType === "pacing" ? "pacing" : "anomalies"}`, { type: "success", title: "The alert has been deleted" });
}

export const meta = () => [{ title: "Alert · Signalpost" }];

const utcMinute = (iso: string) => new Date(iso).toISOString().replace("T", " ").slice(0, 16);
/** How long the page keeps refreshing while a run is on its way; after that the hourly pass is the answer. */
const REFRESH_FOR_MS = 10 * 60_000;
const REFRESH_EVERY_S = 4;

function relative(iso: string | null, now: string): string {
  if (!iso) return "never";
  const minutes = Math.round((new Date(now).getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes > 1 ? "s" : ""} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours > 1 ? "s" : ""} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days > 1 ? "s" : ""} ago`;
}

/** While a run is on its way: revalidate with JavaScript, a meta refresh without it. */
function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_EVERY_S * 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function StateNotice({ d, refreshing }: { d: Data; refreshing: boolean }) {
  const box = "rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm";
  if (d.state === "first-run") {
    return (
      <div className={box} data-testid="detail-state">
        <p className="font-medium">Waiting for the first run</p>
        <p className="text-slate-500">
          {refreshing ? "It started when the alert was saved and usually lands within a minute. This page refreshes by itself." : `It has not landed yet: the hourly pass runs it at about ${formatClock(d.schedule.next, d.now)} UTC.`}
        </p>
        <Link to="." className="mt-2 inline-block text-brand-700 hover:underline" reloadDocument>Refresh</Link>
      </div>
    );
  }
  if (d.state === "no-entities") {
    return (
      <div className={box} data-testid="detail-state">
        <p className="font-medium">No matching {d.level}</p>
        <p className="text-slate-500">
          {d.filtered ? `No ${d.level} of this account matches the alert's filters. Edit the filters, or check the names on the platform.` : `The account reported no ${d.level} over the days this alert reads.`}
        </p>
      </div>
    );
  }
  if (d.state === "no-data") {
    return (
      <div className="mb-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="detail-state">
        <p className="font-medium">No data</p>
        <p className="text-slate-500">The {d.level}s below reported nothing over the days this alert reads: paused, new, or not spending.</p>
      </div>
    );
  }
  if (d.state === "failed") {
    return (
      <div role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="detail-state">
        <p className="font-medium">The last run failed</p>
        <p>{d.lastError ?? "The platform did not answer."} Run now to try again.</p>
      </div>
    );
  }
  return null;
}

export default function AlertDetail() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const base = `/clients/${d.clientId}/details/${d.cf.id}`;
  const open = d.cf.status === "ANOMALY";
  const selected = d.results.find((r) => String(r.id) === params.get("result"));
  const snoozedFuture = d.cf.snoozed && d.cf.snoozed > d.now;
  const since = d.schedule.pending === "run-now" ? d.cf.runRequestedAt : d.cf.createdAt;
  const refreshing = Boolean(d.schedule.pending && since && new Date(d.now).getTime() - new Date(since).getTime() < REFRESH_FOR_MS);
  useRefreshWhile(refreshing);
  const running = navigation.state !== "idle" && navigation.formData?.get("intent") === "run-now";
  const showResults = d.results.length > 0 && d.state !== "first-run";
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      {refreshing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_EVERY_S)} />
        </noscript>
      ) : null}
      <div className="min-w-0 flex-1 space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold">{d.cf.sentryTitle}</h1>
            {d.summary ? <p className="text-sm text-slate-700" data-testid="alert-summary">{d.summary}</p> : null}
            <p className="text-sm text-slate-500">Run time: {relative(d.cf.lastAnalyze, d.now)}</p>
            <ScheduleLine schedule={d.schedule} now={d.now} />
          </div>
          <div className="flex gap-2">
            <Form method="post">
              <button type="submit" name="intent" value="run-now" disabled={running || d.schedule.pending === "run-now"} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
                {running ? "Starting…" : d.schedule.pending === "run-now" ? "Running…" : "Run now"}
              </button>
            </Form>
            {d.cf.useAsTemplate ? (
              <span title="You can't edit a template" aria-disabled="true" className="cursor-not-allowed rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400">
                Edit
              </span>
            ) : (
              <Link to={`/clients/${d.clientId}/alerts/edit/${d.cf.sentryId}`} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
                Edit
              </Link>
            )}
          </div>
        </div>
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-sm font-semibold">Snooze</h2>
          {snoozedFuture ? (
            <Form method="post" className="flex items-center gap-3 text-sm">
              <span data-testid="snoozed">Snoozed until {d.cf.snoozed!.slice(0, 10)}</span>
              <button name="intent" value="unsnooze" className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50" disabled={navigation.state === "submitting"}>
                Clear
              </button>
            </Form>
          ) : (
            <Form method="post" noValidate className="flex flex-wrap items-start gap-2 text-sm">
              <input type="hidden" name="intent" value="snooze" />
              <label>
                <span className="sr-only">Snooze until</span>
                <input type="date" name="snoozed" min={d.now.slice(0, 10)} className="rounded-md border border-slate-300 px-2 py-1" aria-invalid={actionData?.errors?.snoozed ? true : undefined} aria-describedby="snoozed-error" />
                <span id="snoozed-error" className="block min-h-[1rem] text-xs text-red-600">{actionData?.errors?.snoozed ?? ""}</span>
              </label>
              <button type="submit" className="rounded-md bg-brand-600 px-3 py-1 text-white" disabled={navigation.state === "submitting"}>
                Snooze
              </button>
            </Form>
          )}
        </section>
        <section>
          <h2 className="mb-2 text-sm font-semibold">Results</h2>
          <StateNotice d={d} refreshing={refreshing} />
          {showResults ? (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-sm">
                <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                  <tr>
                    {Object.keys(d.results[0].identifications).map((k) => (
                      <th key={k} className="hidden px-3 py-2 md:table-cell">{k}</th>
                    ))}
                    <th className="px-3 py-2">Name</th>
                    <th className="px-3 py-2">Value against the condition</th>
                    <th className="px-3 py-2">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {d.results.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100 align-top" data-testid="result-row">
                      {Object.values(r.identifications).map((v) => (
                        <td key={v} className="hidden px-3 py-2 md:table-cell">{v}</td>
                      ))}
                      <td className="px-3 py-2">
                        <Link to={`?result=${r.id}`} className="text-brand-700 hover:underline" preventScrollReset>{r.identifierName}</Link>
                      </td>
                      <td className="px-3 py-2">
                        <ResultExplanation result={r.result} />
                      </td>
                      <td className="px-3 py-2">
                        <ResultStatus result={r.result} />
                        {r.anomalySince ? <span className="block text-xs text-slate-500">since {formatClock(r.anomalySince, d.now)}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
        {d.cf.sentryType === "pacing" ? (
          <section>
            <h2 className="mb-2 text-sm font-semibold">Pacing</h2>
            {d.pacingHistory?.pacing ? <PacingChart {...d.pacingHistory.pacing} unit={d.currency} /> : <p className="text-sm text-slate-500">No enough data</p>}
          </section>
        ) : null}
        <section>
          <h2 className="mb-2 text-sm font-semibold">Activity</h2>
          {d.runs.length === 0 ? (
            <p className="text-sm text-slate-500">No run yet</p>
          ) : (
            <ol className="space-y-1 border-l border-slate-200 pl-4 text-sm" data-testid="activity">
              {d.runs.map((r) => (
                <li key={r.id}>
                  Analyzed on {utcMinute(r.analyzedAt)} UTC: {r.status === "ERROR" ? `failed (${r.message})` : `${r.entityInAlert} in anomaly on ${r.entityAnalyzed}`}
                  {r.repeats > 0 && r.until ? (
                    <span className="block text-slate-500" data-testid="unchanged-span">
                      {r.repeats === 1 ? "Analyzed once more" : `Analyzed ${r.repeats.toLocaleString("en")} more times`} until {utcMinute(r.until)} UTC, unchanged
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <aside className="w-full shrink-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-sm lg:w-60">
        <div>
          <p className="text-xs uppercase text-slate-500">Status</p>
          <p className={open ? "font-semibold text-red-700" : "font-semibold text-green-700"} data-testid="status">{open ? "Open Issue" : "Everything fine"}</p>
        </div>
        <div>
          <p className="text-xs uppercase text-slate-500">Last run</p>
          <p>{d.cf.lastAnalyze ? new Date(d.cf.lastAnalyze).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "Never"}</p>
        </div>
        <div>
          <p className="text-xs uppercase text-slate-500">Assignee</p>
          {d.assignees.length ? (
            <ul>{d.assignees.map((a) => <li key={a.id}>{a.email}{a.alertEmail === "digest" ? <span className="text-slate-500"> (daily digest)</span> : null}</li>)}</ul>
          ) : (
            <p className="text-amber-700" data-testid="nobody-assigned">
              Nobody is assigned: nobody gets its e-mails. <Link to={`/clients/${d.clientId}/settings`} className="text-brand-700 underline">Assign someone</Link>
            </p>
          )}
        </div>
        <div>
          <p className="text-xs uppercase text-slate-500">Tags</p>
          <p>{open ? "Bug" : "Everything fine"}</p>
        </div>
        {d.cf.useAsTemplate ? null : (
          <Link to={`/company/settings/alerts/templates/create/${d.cf.sentryId}`} className="block rounded-md border border-slate-300 px-3 py-1.5 text-center hover:bg-slate-50">
            Save as template
          </Link>
        )}
        <Link to="?confirm=delete" className="block rounded-md border border-red-300 px-3 py-1.5 text-center text-red-700 hover:bg-red-50">
          Delete
        </Link>
      </aside>
      {params.get("confirm") === "delete" ? (
        <ConfirmDialog title="Delete this alert?" confirmLabel="Delete" cancelHref={base} fields={{ intent: "delete" }}>
          {d.cf.sentryTitle} stops watching this account. Its results and history are deleted.
        </ConfirmDialog>
      ) : null}
      {selected ? <Visualization d={d} selected={selected} closeHref={base} /> : null}
    </div>
  );
}

/** The Metric visualization modal: the whole series with its lines, the sentence, and every run's verdict. */
function Visualization({ d, selected, closeHref }: { d: Data; selected: Data["results"][number]; closeHref: string }) {
  const chart = resultChart(selected.result);
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="viz-title" className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-2 sm:items-center sm:p-4">
      <div className="w-full max-w-3xl rounded-lg bg-white p-4 shadow-xl sm:p-6">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="viz-title" className="text-lg font-semibold">Metric visualization</h2>
          <Link to={closeHref} preventScrollReset className="text-sm text-slate-500 hover:underline">Close</Link>
        </div>
        <div className="mb-2 flex flex-wrap items-start justify-between gap-2 text-sm">
          <p className="font-medium">{selected.identifierName}</p>
          <ResultStatus result={selected.result} />
        </div>
        <div className="mb-3 text-sm">
          <ResultExplanation result={selected.result} />
        </div>
        {selected.result.series ? (
          <SeriesChart caption={`Metric of ${selected.identifierName}`} {...chart} />
        ) : selected.result.pacing ? (
          <PacingChart {...selected.result.pacing} name={selected.identifierName} unit={d.currency} />
        ) : null}
        <h3 className="mb-1 mt-4 text-sm font-semibold">Runs</h3>
        {d.selectedHistory.length === 0 ? (
          <p className="text-sm text-slate-500">No run recorded yet.</p>
        ) : (
          <div className="max-h-56 overflow-y-auto">
            <table className="w-full text-xs" data-testid="result-history">
              <tbody>
                {d.selectedHistory.map((h) => (
                  <tr key={h.analyzedAt} className="border-t border-slate-100 align-top">
                    <td className="whitespace-nowrap py-1 pr-2">{formatClock(h.analyzedAt, d.now)}</td>
                    <td className="py-1 pr-2">{h.status === "ANOMALY" ? <span className="text-red-700">Anomaly</span> : h.status === "NO_DATA" ? "No data" : "Not in anomaly"}</td>
                    <td className="py-1">{h.result.conditions?.map(explainCondition).join("; ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
