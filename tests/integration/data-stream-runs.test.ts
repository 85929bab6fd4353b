// Data-stream runs on the real Temporal dev server: the job's Schedule (job:{id}), Run Now through
// trigger(), a backfill in chunks with continueAsNew, exactly-once rows in a real PostgreSQL
// destination, run logs with a step per account and a connection log per account.
import type { Client } from "@temporalio/client";
import type pg from "pg";
import { PgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, getJob, listJobLogs } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createJobSchedule, deleteJobSchedule, nextRuns, triggerJob } from "../../temporal/schedules.js";
import { jobScheduleId } from "../../temporal/shared.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";
import { createDestinationDatabase } from "../support/destination-database.js";

const destDb = `dest_runs_${process.pid}`;

let harness: WorkerHarness;
let db: DB;
let client: Client;
let taskQueue: string;
let reader: pg.Client;
let destUrl: URL;

beforeAll(async () => {
  harness = await startWorkerHarness("data-streams");
  ({ db, client, taskQueue } = harness);
  destUrl = (await createDestinationDatabase(destDb)).url;
  reader = new PgClient({ connectionString: destUrl.toString() });
  await reader.connect();
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
});

async function setup(opts: { table: string; date?: string; initialization?: { start: string; end: string } }) {
  const { company, user } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, createdById: user.id });
  const a1 = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" });
  const a2 = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-002", name: "Blue Bikes (US)", timezone: "America/New_York", currency: "USD" });
  const destination = await createDestination(db, company.id, {
    name: "Warehouse",
    type: "postgres",
    config: { host: `${destUrl.hostname}:${destUrl.port}`, username: decodeURIComponent(destUrl.username), password: decodeURIComponent(destUrl.password), database: destDb },
  });
  const stream = await createDatastream(db, company.id, { name: "Ads to warehouse", platform: "demo", destinationId: destination.id });
  const job = await createJob(db, company.id, {
    datastreamId: stream.id,
    name: "Daily campaigns",
    recurrency: "0 0 1 1 *",
    date: opts.date ?? "LAST_7_DAYS",
    startDate: null,
    endDate: null,
    hasToBeInitialized: Boolean(opts.initialization),
    dateInitialization: opts.initialization ? "CUSTOM" : null,
    startDateInitialization: opts.initialization?.start ?? null,
    endDateInitialization: opts.initialization?.end ?? null,
    shouldRunAllEvenIfFailed: false,
    networkAuthorizationId: null,
    fields: { date: "date", campaign_name: "campaign", clicks: "clicks", cost: "cost" },
    options: { report: "campaigns" },
    tableName: opts.table,
    partitionFieldId: "date",
    dataType: null,
    dataSourceIds: [a1.id, a2.id],
  });
  return { company, job, a1, a2 };
}

async function destinationTotals(table: string) {
  const r = await reader.query(`select _account_id as account, count(*)::int as n, round(sum(clicks)::numeric, 2)::float as clicks from "${table}" group by 1 order by 1`);
  return r.rows as { account: string; n: number; clicks: number }[];
}

describe("data-stream runs on Temporal", () => {
  it("creates the job's schedule and Run Now loads every account exactly once, run after run", async () => {
    const { company, job } = await setup({ table: "run_now" });
    await createJobSchedule(client, { companyId: company.id, jobId: job.id, recurrency: job.recurrency });
    const described = await client.schedule.getHandle(jobScheduleId(job.id)).describe();
    expect(described.action.type).toBe("startWorkflow");
    expect((await nextRuns(client, job.id)).next).toBeInstanceOf(Date);

    await triggerJob(client, job.id);
    const [first] = await waitForFinishedRuns(db, company.id, job.id, 1);
    expect(first!.success).toBe(true);
    expect(first!.steps).toHaveLength(2);
    expect(first!.steps.every((s) => s.success === true && s.step === "END_PROCESS")).toBe(true);
    const once = await destinationTotals("run_now");
    expect(once.map((r) => r.account)).toEqual(["demo-001", "demo-002"]);
    expect(first!.numberRow).toBe(once.reduce((n, r) => n + r.n, 0));
    expect(first!.numberRow).toBeGreaterThan(0);

    // Two Run Now in the same second: the schedule names both workflows job-run:{id}-{that second};
    // the second waits for the first (BUFFER_ONE) and each still gets its own run log.
    await triggerJob(client, job.id);
    await triggerJob(client, job.id);
    const runs = await waitForFinishedRuns(db, company.id, job.id, 3);
    expect(runs.map((r) => r.success)).toEqual([true, true, true]);
    expect(new Set(runs.map((r) => r.requestId)).size).toBe(3);
    expect(await destinationTotals("run_now")).toEqual(once);

    const logs = await db.selectFrom("connectionLogs").selectAll().where("companyId", "=", company.id).execute();
    expect(logs).toHaveLength(6);
    expect(logs.every((l) => l.success && l.numberRow > 0)).toBe(true);
    const updated = await getJob(db, company.id, job.id);
    expect(updated!.lastRunSuccess).toBe(true);
    expect(updated!.lastLaunchedAt).not.toBeNull();

    await deleteJobSchedule(client, job.id);
    expect((await nextRuns(client, job.id)).next).toBeNull();
  }, 300_000); // three full runs through the worker: slow when the machine is loaded

  it("skips blocked accounts and records them in the run log", async () => {
    const { company, job, a2 } = await setup({ table: "blocked" });
    await db.updateTable("dataSources").set({ blockedAt: new Date() }).where("id", "=", a2.id).execute();
    const result = await client.workflow.execute("runJob", { taskQueue, workflowId: `run-blocked-${job.id}`, args: [{ companyId: company.id, jobId: job.id }] });
    expect(result).toMatchObject({ accounts: 1, failedAccounts: 0 });
    const [log] = await waitForFinishedRuns(db, company.id, job.id, 1);
    expect(log!.message).toBe("1 blocked account(s) skipped.");
    expect((await destinationTotals("blocked")).map((r) => r.account)).toEqual(["demo-001"]);
  });

  it("fails a run whose destination refuses it with a clear message, without retrying forever", async () => {
    const { company, job } = await setup({ table: "1bad table" });
    const err = await client.workflow
      .execute("runJob", { taskQueue, workflowId: `run-bad-${job.id}`, args: [{ companyId: company.id, jobId: job.id }] })
      .then(() => undefined, (e: unknown) => e);
    expect(err).toBeDefined();
    const [log] = await waitForFinishedRuns(db, company.id, job.id, 1);
    expect(log!.success).toBe(false);
    expect(log!.message).toMatch(/table name may only contain/);
    expect((await getJob(db, company.id, job.id))!.status).toBe("ERROR");
  });

  it("backfills the initialization period in chunks across continueAsNew, then marks the job initialized", async () => {
    const { company, job } = await setup({ table: "backfill", initialization: { start: "2024-01-01", end: "2024-02-14" } });
    // 45 days in 2-day chunks: 23 chunks, more than one execution holds (continueAsNew after 20).
    const result = await client.workflow.execute("initializeJob", {
      taskQueue,
      workflowId: `init-${job.id}`,
      args: [{ companyId: company.id, jobId: job.id, chunkDays: 2 }],
    });
    expect(result).toMatchObject({ chunks: 23 });
    const days = await reader.query(`select _account_id, count(distinct date)::int as days, min(date)::text as first, max(date)::text as last from backfill group by 1 order by 1`);
    expect(days.rows).toEqual([
      { _account_id: "demo-001", days: 45, first: "2024-01-01", last: "2024-02-14" },
      { _account_id: "demo-002", days: 45, first: "2024-01-01", last: "2024-02-14" },
    ]);
    const before = await destinationTotals("backfill");
    // Running the backfill again replaces the same partitions: no duplicates.
    await client.workflow.execute("initializeJob", { taskQueue, workflowId: `init-again-${job.id}`, args: [{ companyId: company.id, jobId: job.id, chunkDays: 15 }] });
    expect(await destinationTotals("backfill")).toEqual(before);
    const updated = await getJob(db, company.id, job.id);
    expect(updated!.isInitialized).toBe(true);
    const { total } = await listJobLogs(db, company.id, job.id, { offset: 0, limit: 1 });
    expect(total).toBe(23 + 3);
  });

  it("seeds a demo destination, stream and job once, and the worker's reconciliation gives it a schedule", async () => {
    const { seedDemo } = await import("../../server/seed/index.js");
    const { reconcileJobSchedules } = await import("../../temporal/schedules.js");
    await seedDemo(db);
    await seedDemo(db);
    const jobs = await db.selectFrom("datastreamJobs").innerJoin("datastreams", "datastreams.id", "datastreamJobs.datastreamId").select(["datastreamJobs.id", "datastreamJobs.companyId", "datastreamJobs.recurrency", "datastreams.name"]).where("datastreams.name", "=", "Demo Ads → warehouse").execute();
    expect(jobs).toHaveLength(1);
    // The demo job owns its table (decision 0820): a user's job cannot be created onto it.
    const claims = await db.selectFrom("datastreamJobTables").select("tableKey").where("jobId", "=", jobs[0]!.id).execute();
    expect(claims).toEqual([{ tableKey: "demo_campaigns" }]);
    expect(await reconcileJobSchedules(client, jobs)).toBe(1);
    expect(await reconcileJobSchedules(client, jobs)).toBe(0);
    await triggerJob(client, jobs[0]!.id);
    const [log] = await waitForFinishedRuns(db, jobs[0]!.companyId, jobs[0]!.id, 1);
    expect(log!.success).toBe(true);
    await deleteJobSchedule(client, jobs[0]!.id);
  });
});
