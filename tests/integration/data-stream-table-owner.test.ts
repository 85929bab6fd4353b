// One table, one owner (issue 14, decision 0820), replaying the incident on real PostgreSQL and the
// real Temporal dev server: a second job named after the first job's table ("demo_campaigns") is
// refused with a field error at creation (the wizard's last step) and at edit, under every spelling
// the destination resolves to that table, on a second destination row with the same settings too;
// a job left sharing a table from before the rule refuses to load; two creations racing for one
// table leave one job. The first job's rows are never touched.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { createJob, getJob, listJobs, TableTakenError } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { triggerJob } from "../../temporal/schedules.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { demoJobInput } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { ORIGIN, settle } from "../support/requests.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const destDb = `dest_owner_${process.pid}`;
let harness: WorkerHarness;
let db: DB;
let dest: Awaited<ReturnType<typeof createDestinationDatabase>>;
let reader: PgClient;
let services: typeof import("~/services/data-streams.server");
let wizard: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
let editPage: typeof import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");

beforeAll(async () => {
  harness = await startWorkerHarness("table-owner");
  db = harness.db;
  dest = await createDestinationDatabase(destDb);
  reader = new PgClient({ connectionString: dest.url.toString() });
  await reader.connect();
  services = await import("~/services/data-streams.server");
  wizard = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.new");
  editPage = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId_.edit");
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
});

async function signedIn() {
  const who = await makeSignedInDemoCompany(db, "Demo Ads", ["demo-paris", "demo-new-york"]);
  const destination = await createDestination(db, who.company.id, { name: "Warehouse", type: "postgres", config: dest.config });
  const stream = await services.createStream(who.company.id, { name: "Demo Ads → warehouse", platform: "demo", destinationId: destination.id });
  const [a1, a2] = who.dataSourceIds as [number, number];
  return { ...who, a1, a2, destination, stream };
}
type Who = Awaited<ReturnType<typeof signedIn>>;

const job = (over: Partial<import("~/services/data-streams.server").NewJob> = {}): import("~/services/data-streams.server").NewJob => ({
  name: "Daily campaigns",
  mode: "specific",
  dataSourceIds: [],
  report: "campaigns",
  fields: ["date", "campaign_name", "clicks"],
  renames: { campaign_name: "campaign" },
  recurrency: "0 0 1 1 *",
  date: "CUSTOM",
  startDate: "2024-01-01",
  endDate: "2024-01-07",
  partitionFieldId: ["date"],
  tableName: "demo_campaigns",
  ...over,
});

function post(path: string, pairs: [string, string][], cookie: string): Request {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(pairs), headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } });
}

/** The wizard's last step, with the earlier steps' choices in its hidden state. */
function createThroughWizard(who: Who, streamId: number, tableName: string, name = "Copy of daily campaigns") {
  const state = { name, mode: "specific", dataSourceIds: [who.a1], report: "campaigns", fields: ["date", "impressions"], renames: {} };
  const pairs: [string, string][] = [["step", "deployment"], ["state", JSON.stringify(state)], ["recurrency", "0 0 1 1 *"], ["date", "LAST_7_DAYS"], ["partitionFieldId", "date"], ["tableName", tableName]];
  const path = `/data-connector/data-stream/${streamId}/jobs/new`;
  return settle(() => wizard.action({ request: post(path, pairs, who.cookie), params: { id: String(streamId) }, context: {} }));
}

function editTable(who: Who, jobId: number, tableName: string) {
  const pairs: [string, string][] = [
    ["intent", "save"], ["name", "Impressions"], ["mode", "specific"], ["dataSourceIds", String(who.a1)], ["report", "campaigns"],
    ["fields", "date"], ["fields", "impressions"], ["recurrency", "0 0 1 1 *"], ["date", "LAST_7_DAYS"], ["partitionFieldId", "date"], ["tableName", tableName],
  ];
  const path = `/data-connector/data-stream/${who.stream.id}/jobs/${jobId}/edit`;
  return settle(() => editPage.action({ request: post(path, pairs, who.cookie), params: { id: String(who.stream.id), jobId: String(jobId) }, context: {} }));
}

async function totals(table: string) {
  const r = await reader.query(`select _account_id as account, count(*)::int as n, count(campaign)::int as campaigns, round(sum(clicks)::numeric, 2)::float as clicks from "${table}" group by 1 order by 1`);
  return r.rows as { account: string; n: number; campaigns: number; clicks: number }[];
}
async function columns(table: string) {
  const r = await reader.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = $1 order by ordinal_position", [table]);
  return r.rows.map((x) => x.column_name);
}

describe("one table, one owner", () => {
  it("refuses a second job on the first job's table at creation and at edit, under every name that reaches it, and the first job's rows stay", async () => {
    const who = await signedIn();
    const first = await services.createJobWithSchedule(who.company.id, who.stream.id, job({ dataSourceIds: [who.a1, who.a2] }));
    const [run] = await waitForFinishedRuns(db, who.company.id, first, 1);
    expect(run!.success).toBe(true);
    const before = await totals("demo_campaigns");
    expect(before.map((r) => r.account)).toEqual(["demo-new-york", "demo-paris"]);
    expect(before.every((r) => r.n > 0 && r.campaigns === r.n)).toBe(true);

    // The incident: the wizard's last step with the first job's table. Refused, as a field error, under any spelling.
    for (const name of ["demo_campaigns", "Demo_Campaigns", "public.demo_campaigns", "  DEMO_CAMPAIGNS "]) {
      const res = await createThroughWizard(who, who.stream.id, name);
      expect(res.status, name).toBe(400);
      const body = (await res.json()) as { step: string; errors: Record<string, string[]> };
      expect(body.step).toBe("deployment");
      expect(body.errors.tableName?.[0]).toContain('The job "Daily campaigns" (data stream "Demo Ads → warehouse") already loads the table "demo_campaigns"');
    }
    // Another schema is another table.
    await reader.query("create schema if not exists analytics");
    expect((await createThroughWizard(who, who.stream.id, "analytics.demo_campaigns", "Analytics copy")).status).toBe(302);

    // A second destination row with the same settings is the same database: refused there too.
    const twin = await createDestination(db, who.company.id, { name: "Warehouse (copy)", type: "postgres", config: { ...dest.config, host: dest.config.host!.toUpperCase() } });
    const twinStream = await services.createStream(who.company.id, { name: "Twin", platform: "demo", destinationId: twin.id });
    expect((await createThroughWizard(who, twinStream.id, "demo_campaigns")).status).toBe(400);

    // Edit: a job on its own table renamed onto the first job's is refused, and nothing changed, not even the first table's columns.
    const other = await services.createJobWithSchedule(who.company.id, who.stream.id, job({ name: "Impressions", dataSourceIds: [who.a1], fields: ["date", "impressions"], renames: {}, tableName: "impressions" }));
    await waitForFinishedRuns(db, who.company.id, other, 1);
    const columnsBefore = await columns("demo_campaigns");
    const edit = await editTable(who, other, "Public.Demo_Campaigns");
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { errors: Record<string, string[]> }).errors.tableName?.[0]).toContain('already loads the table "demo_campaigns"');
    expect((await getJob(db, who.company.id, other))!.tableName).toBe("impressions");
    expect(await columns("demo_campaigns")).toEqual(columnsBefore);
    // Its own table name stays its own.
    expect((await editTable(who, other, "impressions")).status).toBe(302);

    expect((await listJobs(db, who.company.id)).map((j) => j.tableName).sort()).toEqual(["analytics.demo_campaigns", "demo_campaigns", "impressions"]);
    await triggerJob(harness.client, first);
    const runs = await waitForFinishedRuns(db, who.company.id, first, 2);
    expect(runs[0]!.success).toBe(true);
    expect(await totals("demo_campaigns")).toEqual(before);
  }, 180_000);

  it("a job left sharing a table from before the rule refuses to load and touches nothing; the owner keeps loading", async () => {
    const who = await signedIn();
    await reader.query("drop table if exists shared_legacy");
    const owner = await services.createJobWithSchedule(who.company.id, who.stream.id, job({ dataSourceIds: [who.a1], tableName: "shared_legacy" }));
    await waitForFinishedRuns(db, who.company.id, owner, 1);
    const before = await totals("shared_legacy");
    expect(before[0]!.n).toBeGreaterThan(0);
    // What the migration leaves behind: a later job on the same table, without a claim on it.
    const legacy = await createJob(db, who.company.id, demoJobInput({ datastreamId: who.stream.id, name: "Legacy copy", fields: { date: "date", impressions: "impressions" }, tableName: "legacy_own", dataSourceIds: [who.a1] }));
    await sql`delete from datastream_job_tables where job_id = ${legacy.id}`.execute(db);
    await sql`update datastream_jobs set table_name = 'shared_legacy' where id = ${legacy.id}`.execute(db);

    const failed = await harness.client.workflow
      .execute("runJob", { taskQueue: harness.taskQueue, workflowId: `legacy-${legacy.id}`, args: [{ companyId: who.company.id, jobId: legacy.id }] })
      .then(() => undefined, (e: unknown) => e);
    expect(failed).toBeDefined();
    const [log] = await waitForFinishedRuns(db, who.company.id, legacy.id, 1);
    expect(log!.success).toBe(false);
    expect(log!.message).toContain('The job "Daily campaigns" (data stream "Demo Ads → warehouse") also loads the table "shared_legacy" and owns it');
    expect(log!.numberRow).toBe(0);
    // Not retried: nothing a retry could change.
    expect(log!.steps[0]!.attempts).toHaveLength(1);
    expect(await totals("shared_legacy")).toEqual(before);
    expect(await columns("shared_legacy")).not.toContain("impressions");

    await triggerJob(harness.client, owner);
    expect((await waitForFinishedRuns(db, who.company.id, owner, 2))[0]!.success).toBe(true);
    expect(await totals("shared_legacy")).toEqual(before);
  }, 120_000);

  it("two creations racing for one table leave one job; the database's unique claim refuses a second even past the checks", async () => {
    const who = await signedIn();
    const both = await Promise.allSettled([
      services.createJobWithSchedule(who.company.id, who.stream.id, job({ name: "Racer A", dataSourceIds: [who.a1], tableName: "raced", startDate: "2023-01-01", endDate: "2023-01-01" })),
      services.createJobWithSchedule(who.company.id, who.stream.id, job({ name: "Racer B", dataSourceIds: [who.a2], tableName: "Raced", startDate: "2023-01-01", endDate: "2023-01-01" })),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(services.JobInputError);
    expect(Object.keys((refused.reason as InstanceType<typeof services.JobInputError>).problems)).toEqual(["tableName"]);
    expect((await listJobs(db, who.company.id)).filter((j) => j.tableName.toLowerCase() === "raced")).toHaveLength(1);

    // The repository alone (no service checks): the unique index on (destination, name) still refuses.
    const direct = demoJobInput({ datastreamId: who.stream.id, name: "Direct", fields: { date: "date" }, tableName: "RACED ", dataSourceIds: [who.a1] });
    await expect(createJob(db, who.company.id, direct)).rejects.toBeInstanceOf(TableTakenError);
    expect((await listJobs(db, who.company.id)).filter((j) => j.tableName.trim().toLowerCase() === "raced")).toHaveLength(1);
  }, 120_000);
});
