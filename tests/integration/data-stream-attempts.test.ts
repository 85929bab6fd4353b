// Runs tell the truth (issue 14, decision 0821), on the real Temporal dev server and a real
// PostgreSQL destination: a step that fails transiently and then succeeds shows both attempts with
// their errors, rows and durations; a schema mismatch fails at once (one attempt) and a run that
// rolled back claims no loaded rows; a run records the days its preset asked for apart from the
// days it re-fetched, and the job screen says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { createDatastream, createJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { ConnectorError } from "../../engine/core/errors.js";
import type { Connector, RowPage } from "../../engine/core/types.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeSignedInDemoCompany } from "../support/demo-company.js";
import { demoJobInput } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { get, settle } from "../support/requests.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const destDb = `dest_attempts_${process.pid}`;
/** The activities' clock starts at noon on 2026-11-25 and runs ("yesterday" is 2026-11-24 in Paris and in New York). */
const NOW = new Date("2026-11-25T12:00:00Z");
const offset = NOW.getTime() - Date.now();
/** Accounts whose next read fails once, mid-stream, as a platform answering 503 would. */
const failOnce = new Set<string>();

function flakyDemo(): Connector {
  const demo = getConnector("demo");
  return {
    ...demo,
    read(ctx, request): AsyncIterable<RowPage> {
      const pages = demo.read(ctx, request);
      const id = request.accounts[0]!.id;
      if (!failOnce.delete(id)) return pages;
      return (async function* () {
        for await (const page of pages) {
          yield page;
          throw new ConnectorError({ kind: "transient", platform: "demo", message: "The platform answered 503 Service Unavailable (simulated)." });
        }
      })();
    },
  };
}

let harness: WorkerHarness;
let db: DB;
let dest: Awaited<ReturnType<typeof createDestinationDatabase>>;
let reader: PgClient;

beforeAll(async () => {
  harness = await startWorkerHarness("attempts", { getConnector: () => flakyDemo(), now: () => new Date(Date.now() + offset) });
  db = harness.db;
  dest = await createDestinationDatabase(destDb);
  reader = new PgClient({ connectionString: dest.url.toString() });
  await reader.connect();
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
});

async function setup(table: string, date: { date: string; startDate?: string; endDate?: string }) {
  const who = await makeSignedInDemoCompany(db, "Demo Ads", ["demo-paris", "demo-new-york"]);
  const destination = await createDestination(db, who.company.id, { name: "Warehouse", type: "postgres", config: dest.config });
  const stream = await createDatastream(db, who.company.id, { name: "Ads", platform: "demo", destinationId: destination.id });
  const job = await createJob(db, who.company.id, demoJobInput({ datastreamId: stream.id, tableName: table, dataSourceIds: who.dataSourceIds, shouldRunAllEvenIfFailed: true, startDate: null, endDate: null, ...date }));
  return { company: who.company, job, stream, cookie: who.cookie };
}

const run = (companyId: number, jobId: number, name: string) =>
  harness.client.workflow.execute("runJob", { taskQueue: harness.taskQueue, workflowId: `${name}-${jobId}`, args: [{ companyId, jobId }] }).then(
    (r) => ({ ok: true as const, result: r }),
    (e: unknown) => ({ ok: false as const, error: e }),
  );

async function rowsByAccount(table: string) {
  const r = await reader.query(`select _account_id as account, count(*)::int as n, min(date)::text as first, max(date)::text as last from "${table}" group by 1 order by 1`);
  return Object.fromEntries(r.rows.map((x) => [x.account, { n: x.n, first: x.first, last: x.last }]));
}

type ScreenLog = {
  requestedStart: string | null;
  dateStart: string | null;
  numberRow: number;
  extractedRow: number;
  steps: { accountId: string; duration: number | null; attempts?: { attempt: number; success: boolean | null; message: string | null; duration: number | null; extractedRows: number; loadedRows: number }[] }[];
};
async function jobScreen(who: Awaited<ReturnType<typeof setup>>) {
  const page = await import("~/routes/_app.data-connector.data-stream.$id_.jobs.$jobId");
  const res = await settle(() => page.loader({ request: get(`/data-connector/data-stream/${who.stream.id}/jobs/${who.job.id}`, { cookie: who.cookie }), params: { id: String(who.stream.id), jobId: String(who.job.id) }, context: {} }));
  expect(res.status).toBe(200);
  return (await res.json()) as { logs: (ScreenLog & { dateEnd: string | null; requestedEnd: string | null })[] };
}

describe("the job log tells what happened", () => {
  it("shows a step that failed transiently, then succeeded: both attempts with their error, rows and duration", async () => {
    const who = await setup("flaky", { date: "CUSTOM", startDate: "2024-01-01", endDate: "2024-01-07" });
    failOnce.add("demo-paris");
    const outcome = await run(who.company.id, who.job.id, "flaky");
    expect(outcome.ok).toBe(true);
    const loaded = await rowsByAccount("flaky");
    const [log] = await waitForFinishedRuns(db, who.company.id, who.job.id, 1);
    expect(log!.success).toBe(true);

    const screen = (await jobScreen(who)).logs[0]!;
    const flaky = screen.steps.find((s) => s.accountId === "demo-paris")!;
    expect(flaky.attempts!.map((a) => [a.attempt, a.success])).toEqual([
      [1, false],
      [2, true],
    ]);
    const [first, second] = flaky.attempts!;
    expect(first!.message).toContain("503 Service Unavailable (simulated)");
    // The first attempt read a page, then its transaction rolled back: it loaded nothing.
    expect(first!.extractedRows).toBeGreaterThan(0);
    expect(first!.loadedRows).toBe(0);
    expect(second!.loadedRows).toBe(loaded["demo-paris"]!.n);
    expect(second!.extractedRows).toBe(loaded["demo-paris"]!.n);
    for (const a of flaky.attempts!) expect(a.duration).not.toBeNull();
    // The step spans both attempts and the retry's wait between them (Temporal's initial interval is 1 s).
    expect(flaky.duration!).toBeGreaterThanOrEqual(first!.duration! + second!.duration! + 1000);
    expect(screen.steps.find((s) => s.accountId === "demo-new-york")!.attempts).toHaveLength(1);
    expect(screen.numberRow).toBe(loaded["demo-paris"]!.n + loaded["demo-new-york"]!.n);
    // Both accounts were used by a job run (billing counts them like a query URL's).
    const usage = await db.selectFrom("accountUsage").select(["dataSourceId", "firstVia"]).where("companyId", "=", who.company.id).execute();
    expect(usage.map((u) => u.firstVia)).toEqual(["job", "job"]);
  }, 120_000);

  it("fails a destination schema mismatch at once, and the failed run claims no rows it did not load", async () => {
    await reader.query("drop table if exists mismatch");
    // A column retyped by hand: campaign names cannot go into an integer column.
    await reader.query("create table mismatch (_account_id text, date date, campaign integer, clicks double precision)");
    await reader.query("insert into mismatch values ('demo-paris', '2024-01-03', 42, 7)");
    const who = await setup("mismatch", { date: "CUSTOM", startDate: "2024-01-01", endDate: "2024-01-07" });
    const outcome = await run(who.company.id, who.job.id, "mismatch");
    expect(outcome.ok).toBe(false);
    const [log] = await waitForFinishedRuns(db, who.company.id, who.job.id, 1);
    expect(log!.success).toBe(false);
    expect(log!.message).toContain("The destination table does not accept these rows (invalid input syntax for type integer");
    // Rolled back: not a row loaded, the row that was there still there, each account tried once.
    expect(log!.numberRow).toBe(0);
    expect(log!.extractedRow).toBeGreaterThan(0);
    expect(await rowsByAccount("mismatch")).toEqual({ "demo-paris": { n: 1, first: "2024-01-03", last: "2024-01-03" } });
    for (const step of log!.steps) {
      expect(step.attempts).toHaveLength(1);
      expect(step.numberRow).toBe(0);
      expect(step.success).toBe(false);
    }
    const connections = await db.selectFrom("connectionLogs").select(["numberRow", "success"]).where("companyId", "=", who.company.id).execute();
    expect(connections.map((c) => [c.success, c.numberRow])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  }, 120_000);

  it("records the days a preset asked for apart from the days re-fetched for late changes, and never loads a day after the preset", async () => {
    const yesterday = await setup("yesterday", { date: "YESTERDAY" });
    expect((await run(yesterday.company.id, yesterday.job.id, "yesterday")).ok).toBe(true);
    const [log] = await waitForFinishedRuns(db, yesterday.company.id, yesterday.job.id, 1);
    // The demo platform may revise its last 3 days: the run asked for 2026-11-24 (in Paris and in New
    // York at noon UTC) and re-read the 2 days before.
    expect([log!.requestedStart, log!.requestedEnd, log!.dateStart, log!.dateEnd]).toEqual(["2026-11-24", "2026-11-24", "2026-11-22", "2026-11-24"]);
    expect(await rowsByAccount("yesterday")).toMatchObject({ "demo-paris": { first: "2026-11-22", last: "2026-11-24" }, "demo-new-york": { first: "2026-11-22", last: "2026-11-24" } });
    const { runDaysText } = await import("~/utils/jobs");
    expect(runDaysText((await jobScreen(yesterday)).logs[0]!)).toEqual({
      requested: "2026-11-24 (1 day)",
      refetched: "also re-fetched 2 days the platform may still revise (2026-11-22 → 2026-11-23)",
    });

    // LAST_7_DAYS: exactly the query URL's seven days, no partial "today".
    const week = await setup("last_week", { date: "LAST_7_DAYS" });
    expect((await run(week.company.id, week.job.id, "week")).ok).toBe(true);
    const [weekLog] = await waitForFinishedRuns(db, week.company.id, week.job.id, 1);
    expect([weekLog!.requestedStart, weekLog!.requestedEnd, weekLog!.dateStart, weekLog!.dateEnd]).toEqual(["2026-11-18", "2026-11-24", "2026-11-18", "2026-11-24"]);
    expect(await rowsByAccount("last_week")).toMatchObject({ "demo-paris": { first: "2026-11-18", last: "2026-11-24" } });
    expect(runDaysText((await jobScreen(week)).logs[0]!)).toEqual({ requested: "2026-11-18 → 2026-11-24 (7 days)", refetched: null });
  }, 120_000);
});
