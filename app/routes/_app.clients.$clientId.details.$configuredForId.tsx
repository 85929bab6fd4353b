import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { alertsRepo, requireClient, requireConfiguredFor } from "~/services/alerts.server";
import { getDb } from "~/services/db.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { GeneralErrorBoundary } from "~/components/error-box";
import { PacingChart, SeriesChart } from "~/components/alert-charts";
import type { EntityResult } from "../../engine/browser.js";

const SnoozeSchema = z.object({
  intent: z.literal("snooze"),
  snoozed: z.string({ error: "Please pick a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Please pick a date"),
});
const Schema = z.discriminatedUnion("intent", [SnoozeSchema, z.object({ intent: z.literal("unsnooze") }), z.object({ intent: z.literal("delete") })]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const cf = await requireConfiguredFor(company.id, client.dataSource.id, params.configuredForId);
  const db = getDb();
  const [sentry, results, runs, assignees] = await Promise.all([
    alertsRepo.getSentry(db, company.id, cf.sentryId),
    alertsRepo.listResults(db, company.id, cf.id),
    alertsRepo.listRuns(db, company.id, cf.id, 30),
    alertsRepo.listAssignees(db, company.id, client.dataSource.id),
  ]);
  const pacingHistory =
    cf.sentryType === "pacing" && results[0] ? (await alertsRepo.listResultHistories(db, company.id, results[0].id, 1))[0]?.result ?? null : null;
  return json({
    clientId: client.dataSource.id,
    cf: { ...cf, snoozed: cf.snoozed?.toISOString() ?? null, lastAnalyze: cf.lastAnalyze?.toISOString() ?? null },
    tags: sentry?.tags ?? [],
    results: results.map((r) => ({ id: r.id, identifierName: r.identifierName, identifications: r.identifications, status: r.lastStatus, stillChanging: r.stillChanging, result: r.lastResult as EntityResult })),
    runs: runs.map((r) => ({ ...r, analyzedAt: r.analyzedAt.toISOString() })),
    assignees,
    pacingHistory: pacingHistory as { pacing?: EntityResult["pacing"] } | null,
    now: new Date().toISOString(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const cf = await requireConfiguredFor(company.id, client.dataSource.id, params.configuredForId);
  const form = await request.formData();
  const parsed = Schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ errors: { snoozed: parsed.error.issues[0]?.message ?? "Please pick a date" } }, { status: 400 });
  const db = getDb();
  const self = `/clients/${client.dataSource.id}/details/${cf.id}`;
  if (parsed.data.intent === "snooze") {
    const today = new Date().toISOString().slice(0, 10);
    if (parsed.data.snoozed <= today) return json({ errors: { snoozed: "Please pick a date in the future" } }, { status: 400 });
    const until = new Date(`${parsed.data.snoozed}T23:59:59.000Z`);
    if (Number.isNaN(until.getTime())) return json({ errors: { snoozed: "Please pick a date" } }, { status: 400 });
    if (!(await alertsRepo.setSnooze(db, company.id, cf.id, until))) return redirectWithToast(self, { type: "error", title: "Unable to snooze the alert.", description: "There is an internal error system." });
    return redirectWithToast(self, { type: "success", title: `Alert successfully snoozed until ${parsed.data.snoozed}` });
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

export default function AlertDetail() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const base = `/clients/${d.clientId}/details/${d.cf.id}`;
  const open = d.cf.status === "ANOMALY";
  const selected = d.results.find((r) => String(r.id) === params.get("result"));
  const snoozedFuture = d.cf.snoozed && d.cf.snoozed > d.now;
  return (
    <div className="flex gap-6">
      <div className="min-w-0 flex-1 space-y-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold">{d.cf.sentryTitle}</h1>
            <p className="text-sm text-slate-500">Run time: {relative(d.cf.lastAnalyze, d.now)}</p>
          </div>
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
            <Form method="post" noValidate className="flex items-start gap-2 text-sm">
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
          {d.results.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm">
              <p className="font-medium">No data</p>
              <p className="text-slate-500">It could take a few minutes to start an alert by our system.</p>
            </div>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr>
                  {Object.keys(d.results[0].identifications).map((k) => (
                    <th key={k} className="px-3 py-2">{k}</th>
                  ))}
                  <th className="px-3 py-2">Name</th>
                  <th className="px-3 py-2">Value</th>
                  <th className="px-3 py-2">Status</th>
                </tr>
              </thead>
              <tbody>
                {d.results.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100">
                    {Object.values(r.identifications).map((v) => (
                      <td key={v} className="px-3 py-2">{v}</td>
                    ))}
                    <td className="px-3 py-2">
                      <Link to={`?result=${r.id}`} className="text-brand-700 hover:underline" preventScrollReset>{r.identifierName}</Link>
                    </td>
                    <td className="px-3 py-2">{r.result.conditions.map((c) => (c.value === null ? "–" : typeof c.value === "number" ? Math.round(c.value * 100) / 100 : c.value)).join(", ")}{r.stillChanging ? " · still changing" : ""}</td>
                    <td className="px-3 py-2">
                      {r.status === "ANOMALY" ? <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-700">Anomaly</span> : <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-700">{r.status === "NO_DATA" ? "No data" : "Not in anomaly"}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          )}
        </section>
        {d.cf.sentryType === "pacing" ? (
          <section>
            <h2 className="mb-2 text-sm font-semibold">Pacing</h2>
            {d.pacingHistory?.pacing ? <PacingChart {...d.pacingHistory.pacing} /> : <p className="text-sm text-slate-500">No enough data</p>}
          </section>
        ) : null}
        <section>
          <h2 className="mb-2 text-sm font-semibold">Activity</h2>
          {d.runs.length === 0 ? (
            <p className="text-sm text-slate-500">No data</p>
          ) : (
            <ol className="space-y-1 border-l border-slate-200 pl-4 text-sm">
              {d.runs.map((r) => (
                <li key={r.id}>
                  Analyzed on {new Date(r.analyzedAt).toISOString().replace("T", " ").slice(0, 16)} UTC: {r.status === "ERROR" ? `failed (${r.message})` : `${r.entityInAlert} in anomaly on ${r.entityAnalyzed}`}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <aside className="w-60 shrink-0 space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
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
          {d.assignees.length ? <ul>{d.assignees.map((a) => <li key={a.id}>{a.email}</li>)}</ul> : <p className="text-slate-500">Nobody is assigned</p>}
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
      {selected ? (
        <div role="dialog" aria-modal="true" aria-labelledby="viz-title" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4">
          <div className="w-full max-w-2xl rounded-lg bg-white p-6 shadow-xl">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="viz-title" className="text-lg font-semibold">Metric visualization</h2>
              <Link to={base} preventScrollReset className="text-sm text-slate-500 hover:underline">Close</Link>
            </div>
            <p className="mb-2 text-sm">{selected.identifierName}</p>
            {selected.result.series ? (
              <SeriesChart caption={`Metric of ${selected.identifierName}`} series={Object.entries(selected.result.series).map(([metric, points]) => ({ id: metric, data: points.map((p) => ({ x: p.time, y: p.value, anomaly: p.anomaly })) }))} />
            ) : selected.result.pacing ? (
              <PacingChart {...selected.result.pacing} />
            ) : (
              <table className="w-full text-sm">
                <tbody>
                  {selected.result.conditions.map((c) => (
                    <tr key={c.label}>
                      <td>{c.label}</td>
                      <td>{String(c.value ?? "–")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
