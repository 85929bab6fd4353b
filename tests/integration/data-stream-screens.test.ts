// Data stream and job screens through their route modules, on real PostgreSQL and the real Temporal
// dev server: create a stream, walk the four-step wizard (validation, preview, skip), the job's
// schedule exists, Run Now loads rows, the job page shows the log, deletes remove the schedule,
// and another company's ids get 404.
import { Client, Connection, ScheduleNotFoundError } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { listJobLogs, listJobs } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { jobScheduleId } from "../../temporal/shared.js";
import { createWorker } from "../../temporal/worker.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

const taskQueue = `screens-${process.pid}`;
const destDb = `dest_screens_${process.pid}`;
let db: DB;
let drop: () => Promise<void>;
let worker: Worker;
let running: Promise<void>;
let client: Client;
let connection: Connection;
let destUrl: URL;
let login: typeof import("~/routes/login");
let newStream: typeof import("~/routes/_app.data-connector.data-stream.new");
let streamPage: typeof import("~/routes/_app.data-connector.data-stream.$id");
let wizard: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
let jobPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");

beforeAll(async () => {
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  process.env.TEMPORAL_TASK_QUEUE = taskQueue;
  ({ db, drop } = await createTestDatabase());
  destUrl = (await createDestinationDatabase(destDb)).url;
  worker = await createWorker({ db, address: inject("temporalAddress"), taskQueue });
  running = worker.run();
  connection = await Connection.connect({ address: inject("temporalAddress") });
  client = new Client({ connection });
  login = await import("~/routes/login");
  newStream = await import("~/routes/_app.data-connector.data-stream.new");
  streamPage = await import("~/routes/_app.data-connector.data-stream.$id");
  wizard = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
  jobPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await connection?.close();
  await drop?.();
});

async function signedInWithSource() {
  const { company, user, password } = await makeCompanyWithUser(db);
  const res = await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} }));
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" });
  const destination = await createDestination(db, company.id, {
    name: "Warehouse",
    type: "postgres",
    config: { host: `${destUrl.hostname}:${destUrl.port}`, username: decodeURIComponent(destUrl.username), password: decodeURIComponent(destUrl.password), database: destDb },
  });
  return { company, cookie: cookiesFrom(res), source, account, destination };
}

type Who = Awaited<ReturnType<typeof signedInWithSource>>;
const act = (mod: { action: (a: never) => unknown }, who: Who, path: string, fields: Record<string, string>, params: Record<string, string>) =>
  settle(() => mod.action({ request: formPost(path, fields, { cookie: who.cookie }), params, context: {} } as never) as Promise<unknown>);

/** Form posts with repeated keys (checkbox lists). */
function postMulti(path: string, pairs: [string, string][], cookie: string): Request {
  const body = new URLSearchParams(pairs);
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" } });
}

describe("data stream and job screens", () => {
  it("creates a stream, walks the wizard, runs the job now and shows its log", async () => {
    const who = await signedInWithSource();
    const bad = await act(newStream, who, "/data-connector/data-stream/new", { name: "", platform: "", destinationId: "" }, {});
    expect(bad.status).toBe(400);
    const badBody = JSON.stringify(await bad.json());
    for (const m of ["You need to set a name to the connection.", "You need to set a platform type.", "You need to set a destination to the connection."]) expect(badBody).toContain(m);

    const created = await act(newStream, who, "/data-connector/data-stream/new", { name: "Ads to warehouse", platform: "demo", destinationId: String(who.destination.id) }, {});
    expect(created.status).toBe(302);
    const streamId = created.headers.get("location")!.split("/").pop()!;
    const path = `/data-connector/data-stream/${streamId}/jobs/new`;
    const params = { id: streamId };

    // Step 1: the name is required.
    const s1bad = await act(wizard, who, path, { step: "basic", state: "{}", name: "" }, params);
    expect(JSON.stringify(await s1bad.json())).toContain("You need to set a name to the connection.");
    const s1 = (await (await act(wizard, who, path, { step: "basic", state: "{}", name: "Daily" }, params)).json()) as { step: string; state: object };
    expect(s1.step).toBe("accounts");
    // Step 2: at least one account.
    const s2bad = await act(wizard, who, path, { step: "accounts", state: JSON.stringify(s1.state), mode: "specific" }, params);
    expect(JSON.stringify(await s2bad.json())).toContain("You need to set at least one accounts.");
    const s2 = (await (await act(wizard, who, path, { step: "accounts", state: JSON.stringify(s1.state), mode: "specific", dataSourceIds: String(who.account.id) }, params)).json()) as { step: string; state: object };
    expect(s2.step).toBe("fields");
    // Step 3: preview the first rows, then save.
    const fieldPairs: [string, string][] = [["step", "fields"], ["state", JSON.stringify(s2.state)], ["report", "campaigns"], ["fields", "date"], ["fields", "campaign_name"], ["fields", "clicks"], ["rename.campaign_name", "campaign"]];
    const preview = await settle(() => wizard.action({ request: postMulti(path, [...fieldPairs, ["intent", "preview"], ["previewAccount", String(who.account.id)], ["previewDate", "2024-03-01"]], who.cookie), params, context: {} }));
    const pv = (await preview.json()) as { previewOk: boolean; preview: { rows: unknown[] } };
    expect(pv.previewOk).toBe(true);
    expect(pv.preview.rows.length).toBeGreaterThan(0);
    expect(pv.preview.rows.length).toBeLessThanOrEqual(10);
    const noPreview = await settle(() => wizard.action({ request: postMulti(path, [...fieldPairs, ["intent", "next"]], who.cookie), params, context: {} }));
    expect(noPreview.status).toBe(400);
    const s3 = (await (await settle(() => wizard.action({ request: postMulti(path, [...fieldPairs, ["intent", "next"], ["previewOk", "1"]], who.cookie), params, context: {} }))).json()) as { step: string; state: object };
    expect(s3.step).toBe("deployment");
    // Step 4: invalid cron, missing table name.
    const s4bad = await act(wizard, who, path, { step: "deployment", state: JSON.stringify(s3.state), recurrency: "custom", customCron: "61 * * * *", date: "LAST_7_DAYS", tableName: "" }, params);
    const s4badText = JSON.stringify(await s4bad.json());
    expect(s4badText).toContain("not a valid cron expression");
    expect(s4badText).toContain("You need to set a table name.");
    const s4 = await settle(() =>
      wizard.action({
        request: postMulti(path, [["step", "deployment"], ["state", JSON.stringify(s3.state)], ["recurrency", "0 0 * * *"], ["date", "LAST_7_DAYS"], ["partitionFieldId", "date"], ["tableName", "daily_campaigns"]], who.cookie),
        params,
        context: {},
      }),
    );
    expect(s4.status).toBe(302);
    const [job] = await listJobs(db, who.company.id);
    expect(job!.fields).toEqual({ date: "date", campaign_name: "campaign", clicks: "clicks" });
    expect(job!.partitionFieldId).toBe("date");
    const schedule = await client.schedule.getHandle(jobScheduleId(job!.id)).describe();
    expect(schedule.spec.calendars?.length ?? 0).toBeGreaterThanOrEqual(0);

    // Creating the job launched a first run; Run Now adds another once it is done (while a run is
    // queued or running, Run Now starts nothing: issue 19, tests/e2e/run-visibility.nojs.spec.ts).
    await waitForFinishedRuns(db, who.company.id, job!.id, 1);
    const runNow = await act(jobPage, who, `/data-connector/data-stream/${streamId}/jobs/${job!.id}`, { intent: "run-now" }, { id: streamId, jobId: String(job!.id) });
    expect(runNow.status).toBe(302);
    const runs = await waitForFinishedRuns(db, who.company.id, job!.id, 2);
    expect(runs.map((r) => r.success)).toEqual([true, true]);
    const page = await settle(() => jobPage.loader({ request: get(`/data-connector/data-stream/${streamId}/jobs/${job!.id}`, { cookie: who.cookie }), params: { id: streamId, jobId: String(job!.id) }, context: {} }));
    const detail = (await page.json()) as { runs: number; logs: { success: boolean; numberRow: number }[] };
    expect(detail.runs).toBe(2);
    expect(detail.logs[0]!.numberRow).toBeGreaterThan(0);

    // Deleting the job deletes its schedule.
    const del = await act(streamPage, who, `/data-connector/data-stream/${streamId}`, { intent: "delete-job", jobId: String(job!.id) }, { id: streamId });
    expect(del.status).toBe(302);
    await expect(client.schedule.getHandle(jobScheduleId(job!.id)).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    expect(await listJobs(db, who.company.id)).toHaveLength(0);
  }, 300_000);

  it("answers 404 to another company's stream and job ids and changes nothing", async () => {
    const owner = await signedInWithSource();
    const created = await act(newStream, owner, "/data-connector/data-stream/new", { name: "Mine", platform: "demo", destinationId: String(owner.destination.id) }, {});
    const streamId = created.headers.get("location")!.split("/").pop()!;
    const intruder = await signedInWithSource();
    const view = await settle(() => streamPage.loader({ request: get(`/data-connector/data-stream/${streamId}`, { cookie: intruder.cookie }), params: { id: streamId }, context: {} }));
    expect(view.status).toBe(404);
    const w = await settle(() => wizard.loader({ request: get(`/data-connector/data-stream/${streamId}/jobs/new`, { cookie: intruder.cookie }), params: { id: streamId }, context: {} }));
    expect(w.status).toBe(404);
    const del = await act(streamPage, intruder, `/data-connector/data-stream/${streamId}`, { intent: "delete-stream" }, { id: streamId });
    expect(del.status).toBe(404);
    // Using the owner's destination id from another company is refused.
    const steal = await act(newStream, intruder, "/data-connector/data-stream/new", { name: "x", platform: "demo", destinationId: String(owner.destination.id) }, {});
    expect(steal.status).toBe(400);
    expect(await db.selectFrom("datastreams").selectAll().where("companyId", "=", owner.company.id).execute()).toHaveLength(1);
  });

  it("deleting a source or a job's last account deletes the jobs and schedules that depend on it", async () => {
    const who = await signedInWithSource();
    const services = await import("~/services/data-streams.server");
    const sources = await import("~/services/sources.server");
    const stream = await services.createStream(who.company.id, { name: "S", platform: "demo", destinationId: who.destination.id });
    const base = { mode: "specific" as const, fields: ["date", "clicks"], renames: {}, recurrency: "0 0 1 1 *", date: "YESTERDAY", partitionFieldId: [], tableName: "dep_t", initialFetch: true, dateInitialization: "CUSTOM", startDateInitialization: "2024-01-01", endDateInitialization: "2024-01-01" };
    const byAccount = await services.createJobWithSchedule(who.company.id, stream.id, { ...base, name: "by account", dataSourceIds: [who.account.id] });
    const bySource = await services.createJobWithSchedule(who.company.id, stream.id, { ...base, name: "by source", mode: "source", dataSourceIds: [], networkAuthorizationId: who.source.id, tableName: "dep_t_all" });
    expect(await services.jobsReadingSource(who.company.id, who.source.id)).toHaveLength(2);
    const sourcesList = await import("~/routes/_app.data-connector.sources._index");
    const confirm = await settle(() => sourcesList.loader({ request: get(`/data-connector/sources?delete=${who.source.id}`, { cookie: who.cookie }), params: {}, context: {} }));
    const shown = (await confirm.json()) as { confirmDelete: { affectedJobs: { name: string }[] } };
    expect(shown.confirmDelete.affectedJobs.map((j) => j.name).sort()).toEqual(["by account", "by source"]);

    await sources.deactivateAccount(who.company.id, who.source.id, who.account.id);
    expect((await listJobs(db, who.company.id)).map((j) => j.id)).toEqual([bySource]);
    await expect(client.schedule.getHandle(jobScheduleId(byAccount)).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);

    await sources.deleteSource(who.company.id, who.source.id);
    expect(await listJobs(db, who.company.id)).toHaveLength(0);
    await expect(client.schedule.getHandle(jobScheduleId(bySource)).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });
});
