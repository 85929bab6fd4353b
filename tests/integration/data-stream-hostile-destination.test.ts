// A hostile PostgreSQL destination (issue 14): a server that passes the connection check the
// screens run on save, then misbehaves on COPY (tests/fakes/postgres). On the real Temporal worker,
// each misbehaviour fails the run with a readable message in the job log, nothing escapes as an
// uncaught exception or unhandled rejection (which would take the worker process down), and the
// same worker then runs the next job into a good PostgreSQL destination.
import type { Client } from "@temporalio/client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saveDestination } from "~/services/destinations.server";
import type { DB } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, getJob } from "../../db/repositories/data-streams.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { MID_COPY_ERROR, startFakePostgres, type CopyBehaviour, type FakePostgres } from "../fakes/postgres/server.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { demoJobInput, makeCompanyWithUser } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const goodDb = `dest_hostile_${process.pid}`;

let harness: WorkerHarness;
let db: DB;
let client: Client;
let taskQueue: string;
let fake: FakePostgres;
let good: Record<string, string>;
let reader: PgClient;
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);

beforeAll(async () => {
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  harness = await startWorkerHarness("hostile-destination");
  ({ db, client, taskQueue } = harness);
  fake = await startFakePostgres();
  const dest = await createDestinationDatabase(goodDb);
  good = dest.config;
  reader = new PgClient({ connectionString: dest.url.toString() });
  await reader.connect();
});

afterAll(async () => {
  await reader?.end();
  await fake?.close();
  await harness?.stop();
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
});

afterEach(() => {
  // What would have killed the worker process outside vitest.
  expect(escaped.splice(0)).toEqual([]);
});

/** A company, one demo account, a destination saved through the screens' service (connection check included) and a job. */
async function jobInto(destination: Record<string, string>, table: string) {
  const { company, user } = await makeCompanyWithUser(db);
  const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, createdById: user.id });
  const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" });
  const saved = await saveDestination(company.id, null, { name: "Warehouse", type: "postgres", values: destination });
  if (!saved.ok) throw new Error(`the destination did not pass its connection check: ${saved.message}`);
  const stream = await createDatastream(db, company.id, { name: "Ads to warehouse", platform: "demo", destinationId: saved.id });
  const job = await createJob(db, company.id, demoJobInput({ datastreamId: stream.id, dataSourceIds: [account.id], tableName: table }));
  return { company, job };
}

async function run(companyId: number, jobId: number): Promise<unknown> {
  return client.workflow
    .execute("runJob", { taskQueue, workflowId: `hostile-${jobId}-${Date.now()}`, args: [{ companyId, jobId }] })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
}

const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

describe("a PostgreSQL destination that misbehaves on COPY", () => {
  const modes: { copy: CopyBehaviour; message: RegExp }[] = [
    { copy: "ready-for-query", message: /broke the PostgreSQL protocol during COPY \(ReadyForQuery instead of CopyInResponse\)/ },
    { copy: "close-mid-copy", message: /The server closed the connection during the load \(Connection terminated unexpectedly\)|ECONNRESET/ },
    { copy: "error-mid-copy", message: literally(MID_COPY_ERROR) },
  ];
  let n = 0;
  for (const mode of modes) {
    it(`fails the run with a readable message and the same worker then loads a good destination: ${mode.copy}`, async () => {
      n++;
      fake.copy = mode.copy;
      const hostile = await jobInto(fake.config(), `hostile_${n}`);
      const failure = await run(hostile.company.id, hostile.job.id);
      expect(failure).toBeDefined();
      const [log] = await waitForFinishedRuns(db, hostile.company.id, hostile.job.id, 1);
      expect(log!.success).toBe(false);
      expect(log!.message).toMatch(mode.message);
      expect(log!.steps).toHaveLength(1);
      expect(log!.steps[0]).toMatchObject({ success: false, message: expect.stringMatching(mode.message) });
      expect((await getJob(db, hostile.company.id, hostile.job.id))!.status).toBe("ERROR");
      expect(fake.statements.some((s) => /^COPY "?hostile_\d+"? /.test(s))).toBe(true);
      expect(fake.statements).not.toContain("COMMIT");

      const next = await jobInto(good, `after_hostile_${n}`);
      expect(await run(next.company.id, next.job.id)).toBeUndefined();
      const [ok] = await waitForFinishedRuns(db, next.company.id, next.job.id, 1);
      expect(ok!.success).toBe(true);
      const loaded = await reader.query<{ n: number }>(`select count(*)::int as n from after_hostile_${n}`);
      expect(loaded.rows[0]!.n).toBe(ok!.numberRow);
      expect(ok!.numberRow).toBeGreaterThan(0);
    }, 180_000);
  }
});
