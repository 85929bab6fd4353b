// Issue 6 "Bad input": a source whose token expires in the middle of a run. On the real Temporal dev
// server and a real PostgreSQL destination, the platform refuses the token after the first page: the
// run fails with the platform's message (no retry: the activity ran once), the source is marked
// ERROR with that message (its card shows re-authorize), and the destination keeps nothing of the
// half-read slice.
import { type Client, WorkflowFailedError } from "@temporalio/client";
import type pg from "pg";
import { PgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, listJobLogs } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization, getNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { getConnector } from "../../engine/connectors/registry.js";
import { ConnectorError } from "../../engine/core/errors.js";
import type { Connector, ReadRequest, RowPage } from "../../engine/core/types.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const destDb = `dest_expiry_${process.pid}`;
const EXPIRED = "The access token has expired. Re-authorize the source.";
let harness: WorkerHarness;
let db: DB;
let client: Client;
let taskQueue: string;
let reader: pg.Client;
let dest: Awaited<ReturnType<typeof createDestinationDatabase>>;
let reads = 0;

/** The demo connector, except that the platform answers 401 after the first page of each read. */
function expiringConnector(): Connector {
  const demo = getConnector("demo");
  return {
    ...demo,
    async *read(ctx, req: ReadRequest): AsyncIterable<RowPage> {
      reads++;
      for await (const page of demo.read(ctx, req)) {
        yield page;
        throw new ConnectorError({ kind: "config", platform: "demo", message: EXPIRED, status: 401 });
      }
    },
  };
}

beforeAll(async () => {
  harness = await startWorkerHarness("token-expiry", { getConnector: () => expiringConnector() });
  ({ db, client, taskQueue } = harness);
  dest = await createDestinationDatabase(destDb);
  reader = new PgClient({ connectionString: dest.url.toString() });
  await reader.connect();
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
});

describe("a source whose token expires mid-run", () => {
  it("fails the run once with the platform's message, marks the source for re-authorization and loads nothing", async () => {
    const { company, user } = await makeCompanyWithUser(db);
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, createdById: user.id });
    const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "UTC", currency: "EUR" });
    const destination = await createDestination(db, company.id, { name: "Warehouse", type: "postgres", config: dest.config });
    const stream = await createDatastream(db, company.id, { name: "Ads", platform: "demo", destinationId: destination.id });
    const job = await createJob(db, company.id, {
      datastreamId: stream.id, name: "Expiring", recurrency: "0 0 1 1 *", date: "CUSTOM", startDate: "2024-01-01", endDate: "2024-01-31", hasToBeInitialized: false,
      dateInitialization: null, startDateInitialization: null, endDateInitialization: null, shouldRunAllEvenIfFailed: false, networkAuthorizationId: null,
      fields: { date: "date", campaign_name: "campaign", clicks: "clicks" }, options: { report: "campaigns" }, tableName: "expiring", partitionFieldId: "date", dataType: null,
      dataSourceIds: [account.id],
    });

    const run = client.workflow.execute("runJob", { taskQueue, workflowId: `expiry-${job.id}`, args: [{ companyId: company.id, jobId: job.id }] });
    const error = await run.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowFailedError);
    expect(reads).toBe(1); // a config error is not retried
    const [log] = (await listJobLogs(db, company.id, job.id, { offset: 0, limit: 10 })).logs;
    expect(log!.success).toBe(false);
    expect(JSON.stringify(log)).toContain(EXPIRED);
    const after = await getNetworkAuthorization(db, company.id, source.id);
    expect(after).toMatchObject({ state: "ERROR", status: EXPIRED });
    const rows = await reader.query(`select count(*)::int as n from information_schema.tables where table_name = 'expiring'`);
    const loaded = rows.rows[0].n === 0 ? 0 : (await reader.query(`select count(*)::int as n from expiring`)).rows[0].n;
    expect(loaded).toBe(0);
  }, 120_000);
});
