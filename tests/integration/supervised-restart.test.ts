// The start script keeps the product up when its worker dies (decision 0810). scripts/runtime/start.ts
// runs as `npm start` runs it (embedded PostgreSQL, Temporal dev server, build, worker, web) on free
// ports in a temporary directory. A data-stream run into the demo warehouse is held in the middle of
// its COPY (a trigger waits on a lock this test holds once some rows went in), the worker is killed
// with SIGKILL, the web server keeps answering /healthz, the supervisor starts a new worker, Temporal
// retries the account's slice on it, and the table holds exactly the connector's rows. Then SIGTERM
// stops every process the script started.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, Connection, type WorkflowHandle } from "@temporalio/client";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { createJob, listDatastreams } from "../../db/repositories/data-streams.js";
import { DEMO_COMPANY_NAME } from "../../server/seed/index.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { createConnectorContext } from "../../engine/core/context.js";
import { PostgresLoader } from "../../engine/destinations/postgres/loader.js";
import { jobLoadTable, jobReport } from "../../server/job-table.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { freePort } from "../../scripts/runtime/ports.js";
import { processAlive } from "../../scripts/runtime/process-alive.js";
import { DEFAULT_TASK_QUEUE } from "../../temporal/shared.js";
import { demoTotals, pgTotals } from "../support/demo-totals.js";

const RANGE = { start: "2024-01-01", end: "2024-03-31" };
/** The COPY waits at this row (counted over every insert into the table) while the test holds the lock. */
const HOLD_AT_ROW = 150;
const HOLD_LOCK = "810, 1"; // two-key advisory lock: apart from the loader's one-key slice locks
const TABLE = "supervised_restart";

let dataDir: string;
let product: ChildProcess;
let productExit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
const lines: string[] = [];
let lineWaiters: (() => void)[] = [];
let port: number;
let pgPort: number;
/** The embedded PostgreSQL's own password (decision 0841), read from its file next to the data. */
let pgPassword: string;
let temporalPort: number;
let db: DB | undefined;
let connection: Connection | undefined;
let warehouse: pg.Client | undefined;
let holder: pg.Client | undefined;

/** The first output line of the start script matching `pattern` (past or future). */
function line(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line ${pattern} in ${timeoutMs / 1000} s; the start script said:\n${lines.slice(-40).join("\n")}`)), timeoutMs);
    const check = () => {
      for (const l of lines) {
        const m = l.match(pattern);
        if (m) {
          clearTimeout(timer);
          lineWaiters = lineWaiters.filter((w) => w !== check);
          resolve(m);
          return true;
        }
      }
      return false;
    };
    if (!check()) lineWaiters.push(check);
  });
}

function collect(stream: NodeJS.ReadableStream) {
  let rest = "";
  stream.on("data", (chunk) => {
    const parts = (rest + String(chunk)).split("\n");
    rest = parts.pop()!;
    lines.push(...parts);
    for (const w of [...lineWaiters]) w();
    if (process.env.SUPERVISED_VERBOSE) for (const p of parts) console.log(p);
  });
}

/** The pid of the start script's child running `script` (read from the process table, not from its log). */
function childPid(script: string): number | undefined {
  const out = spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(product.pid)], { encoding: "utf8" }).stdout;
  const row = out.split("\n").find((l) => l.includes(script));
  return row ? Number(row.trim().split(/\s+/)[0]) : undefined;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-supervised-"));
  fs.chmodSync(dataDir, 0o777); // the embedded PostgreSQL runs as the "postgres" user when we are root
  [port, pgPort, temporalPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SIGNALPOST_PG_PORT: String(pgPort),
    SIGNALPOST_TEMPORAL_PORT: String(temporalPort),
    SIGNALPOST_TEMPORAL_UI_PORT: String(await freePort()),
    SIGNALPOST_DATA_DIR: dataDir,
  };
  // What `npm start` sees on a fresh machine: its own PostgreSQL and Temporal, the default task queue.
  for (const k of ["DATABASE_URL", "TEMPORAL_ADDRESS", "TEMPORAL_TASK_QUEUE", "TEMPORAL_UI_URL", "APP_URL", "NODE_ENV", "SIGNALPOST_SEED", "SIGNALPOST_SKIP_BUILD"]) delete env[k];
  product = spawn(process.execPath, ["--import", "tsx", "scripts/runtime/start.ts"], { cwd: path.resolve(__dirname, "../.."), env, stdio: ["ignore", "pipe", "pipe"] });
  productExit = new Promise((resolve) => product.once("exit", (code, signal) => resolve({ code, signal })));
  collect(product.stdout!);
  collect(product.stderr!);
  await line(/Signalpost is running at/, 280_000);

  pgPassword = fs.readFileSync(path.join(dataDir, "pg.password"), "utf8").trim();
  const admin = `postgres://signalpost:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}`;
  db = createDb(`${admin}/signalpost`, { max: 2 });
  connection = await Connection.connect({ address: `127.0.0.1:${temporalPort}` });
  warehouse = new PgClient({ connectionString: `${admin}/signalpost_warehouse` });
  holder = new PgClient({ connectionString: `${admin}/signalpost_warehouse` });
  await warehouse.connect();
  await holder.connect();
}, 300_000);

afterAll(async () => {
  await warehouse?.end().catch(() => undefined);
  await holder?.end().catch(() => undefined);
  await connection?.close().catch(() => undefined);
  await db?.destroy().catch(() => undefined);
  if (product && product.exitCode === null && product.signalCode === null) {
    product.kill("SIGTERM");
    await productExit;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** A job of the seeded demo stream (into the seeded warehouse on the product's own PostgreSQL) over two accounts. */
async function demoJob() {
  const company = await db!.selectFrom("companies").select("id").where("name", "=", DEMO_COMPANY_NAME).executeTakeFirstOrThrow();
  const stream = (await listDatastreams(db!, company.id)).find((s) => s.platform === "demo")!;
  const source = await db!.selectFrom("networkAuthorizations").select("id").where("companyId", "=", company.id).where("platform", "=", "demo").executeTakeFirstOrThrow();
  const accounts = await db!.selectFrom("dataSources").selectAll().where("companyId", "=", company.id).where("networkAuthorizationId", "=", source.id).orderBy("name").limit(2).execute();
  const job = await createJob(db!, company.id, {
    datastreamId: stream.id, name: "Supervised restart", recurrency: "0 0 1 1 *", date: "CUSTOM", startDate: RANGE.start, endDate: RANGE.end,
    hasToBeInitialized: false, dateInitialization: null, startDateInitialization: null, endDateInitialization: null, shouldRunAllEvenIfFailed: false,
    networkAuthorizationId: null, fields: { date: "date", campaign_name: "campaign", clicks: "clicks" }, options: { report: "campaigns" },
    tableName: TABLE, partitionFieldId: "date", dataType: null, dataSourceIds: accounts.map((a) => a.id),
  });
  return { companyId: company.id, job, accounts };
}

/**
 * Creates the job's table as its run would (the loader's own prepare) and a trigger that makes the
 * COPY wait at row HOLD_AT_ROW while this test holds HOLD_LOCK: rows are in, the load is not committed.
 */
async function holdTheCopy(job: Awaited<ReturnType<typeof demoJob>>["job"]) {
  const demo = getConnector("demo");
  const defs = await demo.listFields(createConnectorContext(demo, { credential: { type: "api-key", key: "demo" } }), { report: jobReport(job) });
  const loader = new PostgresLoader({ host: `127.0.0.1:${pgPort}`, username: "signalpost", password: pgPassword, database: "signalpost_warehouse", outbound: outboundGuard() });
  await loader.prepare(jobLoadTable(job, defs, { destinationType: "postgres", platform: "demo" }));
  await loader.close();
  // The demo destination loads with the warehouse's own login (server/seed/data-streams.ts): it must own what it loads into.
  await warehouse!.query(`alter table "${TABLE}" owner to signalpost_warehouse`);
  await warehouse!.query(`create sequence ${TABLE}_rows`);
  await warehouse!.query(`alter sequence ${TABLE}_rows owner to signalpost_warehouse`);
  await warehouse!.query(`create function ${TABLE}_hold() returns trigger language plpgsql as $$
    begin
      if nextval('${TABLE}_rows') = ${HOLD_AT_ROW} then perform pg_advisory_xact_lock_shared(${HOLD_LOCK}); end if;
      return new;
    end $$`);
  await warehouse!.query(`create trigger ${TABLE}_hold before insert on "${TABLE}" for each row execute function ${TABLE}_hold()`);
  await holder!.query(`select pg_advisory_lock(${HOLD_LOCK})`);
}

/** The loader's backend waiting in the trigger, inside its COPY. */
async function heldCopy(): Promise<number | undefined> {
  const r = await warehouse!.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and application_name = 'signalpost-loader'
       and wait_event_type = 'Lock' and wait_event = 'advisory' and query ilike 'copy%'`,
  );
  return r.rows[0]?.pid;
}

describe("npm start under a killed worker", () => {
  let handle: WorkflowHandle;
  let want: Awaited<ReturnType<typeof demoTotals>>;

  it("restarts the worker killed in the middle of a run while the web server keeps answering", async () => {
    const webPid = childPid("web-server.ts")!;
    const workerPid = childPid("temporal/worker.ts")!;
    expect([webPid, workerPid].every((pid) => pid > 0 && processAlive(pid))).toBe(true);
    const { companyId, job, accounts } = await demoJob();
    want = await demoTotals(accounts, RANGE);
    expect(Object.values(want).reduce((n, a) => n + a.n, 0)).toBeGreaterThan(HOLD_AT_ROW);
    await holdTheCopy(job);

    const client = new Client({ connection: connection! });
    // A short heartbeat timeout: Temporal notices the dead worker's activity after 10 s, not 60.
    handle = await client.workflow.start("runJob", { taskQueue: DEFAULT_TASK_QUEUE, workflowId: `supervised-${job.id}`, args: [{ companyId, jobId: job.id, heartbeatSeconds: 10 }] });
    await until("the run's COPY to reach the held row", heldCopy);
    expect(Number((await warehouse!.query("select last_value from " + `${TABLE}_rows`)).rows[0].last_value)).toBe(HOLD_AT_ROW);

    process.kill(workerPid, "SIGKILL");
    await until("the worker to die", async () => (processAlive(workerPid) ? undefined : true));
    // The web server is the same process and answers while the worker is away.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    expect(processAlive(webPid)).toBe(true);
    // The dead worker's backend carries on once released, finds its client gone and rolls back.
    await holder!.query(`select pg_advisory_unlock(${HOLD_LOCK})`);
    const newWorkerPid = await until("a new worker", async () => childPid("temporal/worker.ts"), 30_000);
    expect(newWorkerPid).not.toBe(workerPid);
    expect(childPid("web-server.ts")).toBe(webPid);
    // Each start, exit and restart is in the script's log, with the pid and the signal.
    expect(lines).toContain(`[start] worker started (pid ${workerPid})`);
    await line(new RegExp(`^\\[start\\] worker exited with signal SIGKILL after .* \\(pid ${workerPid}\\); restarting in 1\\.0 s$`), 30_000);
    await line(new RegExp(`^\\[start\\] worker restarted \\(pid ${newWorkerPid}, restart 1\\)$`), 30_000);
    expect(lines.filter((l) => /^\[start\] (web|postgres|temporal) (exited|restarted)/.test(l))).toEqual([]);
  }, 240_000);

  it("lands the interrupted run exactly once, through Temporal's retry on the new worker", async () => {
    const result = (await handle.result()) as { rows: number; failedAccounts: number; accounts: number };
    const total = Object.values(want).reduce((n, a) => n + a.n, 0);
    expect(result).toEqual({ rows: total, failedAccounts: 0, accounts: 2 });
    expect(await pgTotals(warehouse!, TABLE)).toEqual(want);
    const dupes = await warehouse!.query(`select count(*)::int as n from (select 1 from "${TABLE}" group by _account_id, date, campaign having count(*) > 1) d`);
    expect(dupes.rows[0].n).toBe(0);
    // The slice the kill interrupted ran again: its activity was started twice.
    const { events } = await handle.fetchHistory();
    const attempts = events!.filter((e) => e.activityTaskStartedEventAttributes).map((e) => e.activityTaskStartedEventAttributes!.attempt ?? 0);
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it("stops everything it started on SIGTERM, children first, and exits 0", async () => {
    const pids = lines.map((l) => l.match(/^\[start\] (\w+) (?:started|restarted) \(pid (\d+)/)).filter((m): m is RegExpMatchArray => m !== null);
    await warehouse!.end();
    await holder!.end();
    await connection!.close();
    await db!.destroy();
    [warehouse, holder, connection, db] = [undefined, undefined, undefined, undefined];

    product.kill("SIGTERM");
    expect(await productExit).toEqual({ code: 0, signal: null });
    const stopped = lines.filter((l) => /^\[start\] \w+ stopped$/.test(l));
    expect(stopped.slice(0, 2).sort()).toEqual(["[start] web stopped", "[start] worker stopped"]);
    expect(stopped.slice(2)).toEqual(["[start] temporal stopped", "[start] postgres stopped"]);
    expect(pids.filter(([, , pid]) => processAlive(Number(pid))).map(([, name]) => name)).toEqual([]);
    expect(lines.filter((l) => /restarting in/.test(l))).toHaveLength(1);
  }, 120_000);
});
