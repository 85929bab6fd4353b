// Fault test: the worker process is killed (SIGKILL) in the middle of a run, at several points, a
// new one is started, and the destination ends with exactly the expected rows (counts and metric
// sums), for PostgreSQL, Azure Blob Storage (Azurite) and BigQuery (tests/fakes/bigquery, where the
// worker is also killed after the replace script committed but before it heard the answer).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, Connection } from "@temporalio/client";
import type pg from "pg";
import { PgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, listJobLogs } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { AzureBlobStore } from "../../engine/destinations/azure-blob-storage/store.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { parseObject } from "../../engine/destinations/object-store.js";
import { createTestDatabase } from "../support/database.js";
import { demoTotals, pgTotals } from "../support/demo-totals.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { startAzurite, type LocalServer } from "../support/local-servers.js";
import { startFakeBigQuery, type FakeBigQuery } from "../fakes/bigquery/server.js";

const taskQueue = `fault-${process.pid}`;
const destDb = `dest_fault_${process.pid}`;
const RANGE = { start: "2024-01-01", end: "2024-01-04" };
const ACCOUNTS = [
  { accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" },
  { accountId: "demo-002", name: "Blue Bikes (US)", timezone: "America/New_York", currency: "USD" },
];

let db: DB;
let dbUrl: string;
let drop: () => Promise<void>;
let connection: Connection;
let client: Client;
let reader: pg.Client;
let destUrl: URL;
let azurite: LocalServer & { connectionString: (key?: string) => string };
let bigquery: FakeBigQuery;
let bigqueryKey: string;
const workers: ChildProcess[] = [];
const markers = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-fault-")), "markers.log");

/** `holdAt`: the worker stops for good at the first marker it writes that matches (see fault-worker.ts). */
function startWorker(holdAt?: RegExp): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/fault-worker.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: {
      ...process.env, DATABASE_URL: dbUrl, TEMPORAL_ADDRESS: inject("temporalAddress"), TEMPORAL_TASK_QUEUE: taskQueue, FAULT_MARKERS: markers,
      ...(holdAt ? { FAULT_HOLD: holdAt.source } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

async function waitForMarker(pid: number, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = fs.existsSync(markers) ? fs.readFileSync(markers, "utf8").split("\n") : [];
    const hit = lines.find((l) => l.startsWith(`${pid} `) && pattern.test(l));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no marker ${pattern} from ${pid}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

beforeAll(async () => {
  ({ db, drop, url: dbUrl } = await createTestDatabase());
  destUrl = (await createDestinationDatabase(destDb)).url;
  reader = new PgClient({ connectionString: destUrl.toString() });
  await reader.connect();
  connection = await Connection.connect({ address: inject("temporalAddress") });
  client = new Client({ connection });
  azurite = await startAzurite();
  const { BlobServiceClient } = await import("@azure/storage-blob");
  await BlobServiceClient.fromConnectionString(azurite.connectionString()).getContainerClient("exports").create();
  bigquery = await startFakeBigQuery();
  bigqueryKey = bigquery.createServiceAccount({ projectId: "fault-project" });
  bigquery.createDataset("fault-project", "exports");
});

afterAll(async () => {
  for (const w of workers) await kill(w);
  await connection?.close();
  await reader?.end();
  await azurite?.stop();
  await bigquery?.close();
  await drop?.();
});

type FaultDestination = "postgres" | "azure_blob_storage" | "big_query";

async function jobInto(type: FaultDestination, table: string) {
  const { company } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "demo" } });
  const ids: number[] = [];
  for (const a of ACCOUNTS) ids.push((await createDataSource(db, company.id, { networkAuthorizationId: source.id, ...a })).id);
  const config: Record<string, string> =
    type === "postgres"
      ? { host: `${destUrl.hostname}:${destUrl.port}`, username: decodeURIComponent(destUrl.username), password: decodeURIComponent(destUrl.password), database: destDb }
      : type === "big_query"
        ? { projectId: "fault-project", dataSetId: "exports", jsonKey: bigqueryKey, endpoint: bigquery.url, tokenUrl: bigquery.tokenUrl }
        : { bucketId: "exports", connectionString: azurite.connectionString() };
  const destination = await createDestination(db, company.id, { name: type, type, config });
  const stream = await createDatastream(db, company.id, { name: "s", platform: "demo", destinationId: destination.id });
  const job = await createJob(db, company.id, {
    datastreamId: stream.id, name: table, recurrency: "0 0 1 1 *", date: "CUSTOM", startDate: RANGE.start, endDate: RANGE.end, hasToBeInitialized: false,
    dateInitialization: null, startDateInitialization: null, endDateInitialization: null, shouldRunAllEvenIfFailed: false, networkAuthorizationId: null,
    fields: { date: "date", campaign_name: "campaign", clicks: "clicks" }, options: { report: "campaigns" }, tableName: table, partitionFieldId: "date",
    dataType: type === "azure_blob_storage" ? "csv" : null, dataSourceIds: ids,
  });
  return { company, job };
}

async function blobTotals(table: string) {
  const store = new AzureBlobStore({ container: "exports", connectionString: azurite.connectionString(), outbound: outboundGuard() });
  const out: Record<string, { n: number; clicks: number }> = {};
  for (const key of await store.list(`${table}/`))
    for (const r of parseObject((await store.get(key)).toString("utf8"), "csv")) {
      const t = (out[r._account_id!] ??= { n: 0, clicks: 0 });
      t.n++;
      t.clicks = Math.round((t.clicks + Number(r.clicks)) * 100) / 100;
    }
  return out;
}

function bigqueryTotals(table: string) {
  const out: Record<string, { n: number; clicks: number }> = {};
  for (const r of bigquery.table("fault-project", "exports", table)?.rows ?? []) {
    const t = (out[r._account_id as string] ??= { n: 0, clicks: 0 });
    t.n++;
    t.clicks = Math.round((t.clicks + Number(r.clicks)) * 100) / 100;
  }
  return out;
}

/** Starts a run on a fresh worker, kills it at `point`, lets a second worker finish the run. */
async function runWithKill(jobId: number, companyId: number, point: RegExp) {
  const first = startWorker(point);
  await waitForMarker(first.pid!, /ready/);
  const handle = await client.workflow.start("runJob", { taskQueue, workflowId: `fault-${jobId}-${Date.now()}`, args: [{ companyId, jobId, heartbeatSeconds: 3 }] });
  const hit = await waitForMarker(first.pid!, point);
  await kill(first);
  const second = startWorker();
  await waitForMarker(second.pid!, /ready/);
  const result = (await handle.result()) as { failedAccounts: number };
  await kill(second);
  return { hit, result };
}

describe("killing the worker in the middle of a run", () => {
  // `between`: the kill lands after an account's load finished, so whether that attempt reached
  // Temporal before the worker died is a race; only kills inside an attempt surely leave a retried one.
  const scenarios: { name: string; type: FaultDestination; point: RegExp; between?: boolean }[] = [
    { name: "postgres, during extraction and load of the first account", type: "postgres", point: /extract demo-001 page 3$/ },
    { name: "postgres, between the two accounts' partitions", type: "postgres", point: /load-done demo-001/, between: true },
    { name: "postgres, during the second account", type: "postgres", point: /extract demo-002 page 2$/ },
    { name: "azure blob, during extraction", type: "azure_blob_storage", point: /extract demo-001 page 2$/ },
    { name: "azure blob, while the day objects are written", type: "azure_blob_storage", point: /put-done fault_blob_\d+\/demo-001\/2024-01-01\.csv/ },
    { name: "bigquery, during extraction", type: "big_query", point: /extract demo-001 page 2$/ },
    { name: "bigquery, between the two accounts' partitions", type: "big_query", point: /load-done demo-001/, between: true },
    // The marker is written by the fake itself once demo-002's replace committed; the answer is held back until the kill.
    { name: "bigquery, after the replace committed but before the worker heard", type: "big_query", point: /bq-committed demo-002/ },
  ];
  let i = 0;
  for (const s of scenarios) {
    it(`ends with exactly the expected rows: ${s.name}`, async () => {
      const table = s.type === "postgres" ? `fault_pg_${i}` : s.type === "big_query" ? `fault_bq_${i}` : `fault_blob_${i}`;
      i++;
      const want = await demoTotals(ACCOUNTS, RANGE);
      const { company, job } = await jobInto(s.type, table);
      let held = false;
      bigquery.afterQueryJob = async ({ query, params }) => {
        if (held || !query.startsWith("BEGIN TRANSACTION") || params.get("account_id") !== "demo-002") return;
        held = true;
        fs.appendFileSync(markers, `${workers.at(-1)!.pid} bq-committed demo-002\n`);
        await new Promise((r) => setTimeout(r, 2000)); // the test kills the worker meanwhile
      };
      const { result } = await runWithKill(job.id, company.id, s.point);
      bigquery.afterQueryJob = undefined;
      expect(result.failedAccounts).toBe(0);
      const got = s.type === "postgres" ? await pgTotals(reader, table) : s.type === "big_query" ? bigqueryTotals(table) : await blobTotals(table);
      expect(got).toEqual(want);
      // The job log shows the attempt that died with the worker, closed with a real duration, then the one that finished.
      const [log] = (await listJobLogs(db, company.id, job.id, { offset: 0, limit: 1 })).logs;
      const attempts = log!.steps.flatMap((step) => step.attempts ?? []);
      expect(log!.steps.every((step) => step.success === true)).toBe(true);
      if (!s.between) expect(log!.steps.some((step) => (step.attempts?.length ?? 0) > 1)).toBe(true);
      for (const step of log!.steps)
        for (const a of step.attempts!.slice(0, -1)) {
          // A kill between two accounts can land after an attempt finished but before Temporal heard
          // of it: that attempt truly loaded its rows, the retry replaced them (the totals above are exact).
          if (s.between && a.success) continue;
          expect(a).toMatchObject({ success: false, loadedRows: 0 });
          expect(a.message).toMatch(/stopped reporting progress|never heard of again/);
          expect(a.duration).toBeGreaterThan(0);
        }
      expect(attempts.every((a) => a.endedAt !== null)).toBe(true);
    }, 180_000);
  }
});
