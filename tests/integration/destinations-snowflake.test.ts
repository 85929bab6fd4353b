// The Snowflake loader on the official Node driver against fakesnow's server (started for this file
// by tests/support/local-servers.ts; see tests/support/fakesnow_node.py for the two response
// adaptations the Node driver needs), and the destination form's connection check through its route.
import { Client, Connection } from "@temporalio/client";
import snowflake from "snowflake-sdk";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob } from "../../db/repositories/data-streams.js";
import { createDestination, listDestinations, readDestinationConfig } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import type { Row } from "../../engine/core/types.js";
import { describeTable } from "../../engine/destinations/columns.js";
import { DestinationError } from "../../engine/destinations/errors.js";
import { SnowflakeLoader } from "../../engine/destinations/snowflake/loader.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { createTestDatabase } from "../support/database.js";
import { demoRows, demoTable, destinationConformance, type StoredRow } from "../support/destination-conformance.js";
import { demoJobInput, makeCompanyWithUser } from "../support/factories.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { startFakesnow, type LocalServer } from "../support/local-servers.js";
import { cookiesFrom, formPost, settle } from "../support/requests.js";
import { createJobSchedule, deleteJobSchedule, triggerJob } from "../../temporal/schedules.js";
import { createWorker } from "../../temporal/worker.js";

const taskQueue = `snowflake-runs-${process.pid}`;
process.env.TEMPORAL_TASK_QUEUE = taskQueue;

const PASSWORD = "snow-Pw-4-tests";
let server: LocalServer & { endpoint: string };
let reader: snowflake.Connection;

beforeAll(async () => {
  server = await startFakesnow(PASSWORD);
  // The loader creates nothing but tables: the database and schema exist beforehand, as on Snowflake.
  const setup = new SnowflakeLoader(settings());
  await setup.check().catch(() => undefined);
  await setup.close();
  reader = snowflake.createConnection({ account: "fakesnow", username: "reader", password: PASSWORD, database: "SIGNALPOST", schema: "LOADS", host: "127.0.0.1", port: server.port, protocol: "http" } as snowflake.ConnectionOptions);
  await reader.connectAsync(() => undefined);
  await query("CREATE SCHEMA IF NOT EXISTS SIGNALPOST.LOADS");
});

afterAll(async () => {
  if (reader) await new Promise<void>((resolve) => reader.destroy(() => resolve()));
  await server?.stop();
});

function settings(overrides: Partial<{ password: string; database: string; endpoint: string }> = {}) {
  return {
    host: "fakesnow.eu-west-1.snowflakecomputing.com",
    username: "loader",
    password: overrides.password ?? PASSWORD,
    database: overrides.database ?? "SIGNALPOST.LOADS",
    endpoint: overrides.endpoint ?? server.endpoint,
    outbound: outboundGuard(),
  };
}

function query(sqlText: string, binds: (string | number)[] = []): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) =>
    reader.execute({ sqlText, binds, fetchAsString: ["Date", "Number"], complete: (err, _s, rows) => (err ? reject(err) : resolve((rows ?? []) as Record<string, unknown>[])) }),
  );
}

/** Every row of a table, read back by its Snowflake (upper-case) column names. */
async function readRows(table: string): Promise<StoredRow[]> {
  const rows = await query(`SELECT * FROM "${table.toUpperCase()}"`);
  return rows.map((r) => ({
    account: r._ACCOUNT_ID as string,
    date: String(r.DATE).slice(0, 10),
    campaign: r.CAMPAIGN as string,
    clicks: Number(r.CLICKS),
    cost: Number(r.COST),
    extra: (r.EXTRA as string | null | undefined) ?? null,
  }));
}

/** Count and metric sums of one account, computed by the server. */
async function totals(table: string, account: string) {
  const [r] = await query(`SELECT COUNT(*) AS N, SUM("CLICKS") AS CLICKS, SUM("COST") AS COST FROM "${table.toUpperCase()}" WHERE "_ACCOUNT_ID" = ?`, [account]);
  return { rows: Number(r!.N), clicks: Number(r!.CLICKS ?? 0), cost: Math.round(Number(r!.COST ?? 0) * 100) / 100 };
}

destinationConformance("Snowflake (fakesnow)", {
  kind: "sql",
  open: async () => new SnowflakeLoader(settings()),
  openRefused: async () => new SnowflakeLoader(settings({ password: "wrong-password" })),
  readRows,
});

describe("Snowflake loader", () => {
  const days = ["2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04"];
  const scope = { accountId: "act-9", dateColumn: "date", range: { start: days[0]!, end: days[3]! } };
  // 4 days x 300 campaigns = 1,200 rows: two INSERTs into the stage (1,000 rows per INSERT at most).
  const rows = demoRows(days, 300, 2);
  const expected = { rows: 1200, clicks: 4 * 2 * ((300 * 301) / 2), cost: Math.round(rows.reduce((s, r) => s + Number(r.cost), 0) * 100) / 100 };
  const inBatches = (all: Row[], size: number) => Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));

  it("creates upper-case identifiers Snowflake users can query unquoted, and a re-run keeps counts and sums", async () => {
    const table = demoTable("daily_stats_rerun");
    const loader = new SnowflakeLoader(settings());
    try {
      await loader.prepare(table);
      expect(await loader.load({ table, scope, rows: inBatches(rows, 500) })).toEqual({ rows: 1200, partitions: 4 });
      expect(await totals("daily_stats_rerun", "act-9")).toEqual(expected);
      const [unquoted] = await query("SELECT COUNT(*) AS N FROM daily_stats_rerun WHERE campaign IS NOT NULL");
      expect(Number(unquoted!.N)).toBe(1200);
      // The same run again, then the same rows in other batch sizes: still exactly one copy.
      await loader.load({ table, scope, rows: inBatches(rows, 500) });
      await loader.load({ table, scope, rows: inBatches(rows, 700) });
      expect(await totals("daily_stats_rerun", "act-9")).toEqual(expected);
      // The staging tables are temporary and dropped: only the target remains.
      const tables = await query("SELECT TABLE_NAME AS T FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'LOADS' AND TABLE_NAME LIKE 'SP_STAGE_%'");
      expect(tables).toEqual([]);
    } finally {
      await loader.close();
    }
  });

  it("a run that fails mid-way leaves the previous rows, and its retry lands them exactly once", async () => {
    const table = demoTable("daily_stats_retry");
    const first = new SnowflakeLoader(settings());
    await first.prepare(table);
    await first.load({ table, scope, rows: [demoRows(days, 3, 1)] });
    await first.close();
    const before = await totals("daily_stats_retry", "act-9");
    expect(before.rows).toBe(12);

    // The source dies after 1,100 rows were read (one 1,000-row INSERT into the stage went through).
    const dying = new SnowflakeLoader(settings());
    async function* diesMidway() {
      yield* inBatches(rows.slice(0, 1100), 550);
      throw new Error("source token expired");
    }
    await expect(dying.load({ table, scope, rows: diesMidway() })).rejects.toThrow(/source token expired/);
    await dying.close();
    expect(await totals("daily_stats_retry", "act-9")).toEqual(before);

    // The retry (a new activity attempt, a new session) replaces the whole scope once.
    const retry = new SnowflakeLoader(settings());
    await retry.load({ table, scope, rows: inBatches(rows, 500) });
    await retry.load({ table, scope, rows: inBatches(rows, 500) });
    await retry.close();
    expect(await totals("daily_stats_retry", "act-9")).toEqual(expected);
  });

  it("adds the column of a newly added field, keeping several partition fields", async () => {
    const loader = new SnowflakeLoader(settings());
    try {
      const base = demoTable("daily_stats_evolve");
      const table = { ...base, partitionColumns: ["date", "campaign"] };
      await loader.prepare(table);
      await loader.load({ table, scope, rows: [demoRows(days, 2)] });
      const wider = { ...demoTable("daily_stats_evolve", { extra: true }), partitionColumns: ["date", "campaign"] };
      await loader.prepare(wider);
      await loader.prepare(wider); // nothing left to add
      const cols = await query("SELECT COLUMN_NAME AS C FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = 'LOADS' AND TABLE_NAME = 'DAILY_STATS_EVOLVE' ORDER BY C");
      expect(cols.map((c) => c.C)).toEqual(["CAMPAIGN", "CLICKS", "COST", "DATE", "EXTRA", "_ACCOUNT_ID"]);
      await loader.load({ table: wider, scope: { ...scope, range: { start: days[3]!, end: days[3]! } }, rows: [demoRows([days[3]!], 2).map((r) => ({ ...r, extra: "added" }))] });
      const stored = await readRows("daily_stats_evolve");
      expect(stored).toHaveLength(8);
      expect(stored.filter((r) => r.extra === "added").map((r) => r.date)).toEqual([days[3], days[3]]);
    } finally {
      await loader.close();
    }
  });

  it("round-trips every column type: booleans, timestamps, text with quotes, empty strings and nulls", async () => {
    const table = describeTable({
      name: "typed_values",
      fields: [
        { name: "date", fieldType: "YEAR_MONTH_DAY" },
        { name: "Campaign name", fieldType: "TEXT" },
        { name: "seen_at", fieldType: "DATETIME" },
        { name: "active", fieldType: "BOOLEAN" },
        { name: "cost", fieldType: "CURRENCY" },
      ],
      partitionColumns: ["date"],
    });
    const loader = new SnowflakeLoader(settings());
    try {
      await loader.prepare(table);
      await loader.load({
        table,
        scope: { accountId: "act-t", dateColumn: "date", range: { start: "2024-06-01", end: "2024-06-01" } },
        rows: [
          [
            { date: "2024-06-01", "Campaign name": `It's "quoted", ok`, seen_at: "2024-06-01T10:15:30", active: true, cost: 12.5 },
            { date: "2024-06-01", "Campaign name": "", seen_at: null, active: "false", cost: null },
            { date: "2024-06-01", "Campaign name": null, seen_at: "2024-06-01 23:59:59", active: null, cost: "3" },
          ],
        ],
      });
    } finally {
      await loader.close();
    }
    const rows = await query(
      `SELECT "Campaign name" AS N, TO_VARCHAR("SEEN_AT", 'YYYY-MM-DD HH24:MI:SS') AS S, TO_VARCHAR("ACTIVE") AS A, TO_VARCHAR(CAST("COST" * 100 AS INTEGER)) AS C FROM TYPED_VALUES ORDER BY "COST" NULLS LAST`,
    );
    expect(rows).toEqual([
      { N: null, S: "2024-06-01 23:59:59", A: null, C: "300" },
      { N: `It's "quoted", ok`, S: "2024-06-01 10:15:30", A: "true", C: "1250" },
      { N: "", S: null, A: "false", C: null },
    ]);
  });

  it("reports a refused login, an unreachable host and a bad database setting as clear config errors", async () => {
    const failure = async (loader: SnowflakeLoader) => {
      const err = await loader.check().then(() => undefined, (e: unknown) => e);
      await loader.close();
      expect(err).toBeInstanceOf(DestinationError);
      expect((err as DestinationError).kind).toBe("config");
      return (err as DestinationError).message;
    };
    expect(await failure(new SnowflakeLoader(settings({ password: "nope" })))).toMatch(/Incorrect username or password was specified/);
    const started = Date.now();
    expect(await failure(new SnowflakeLoader(settings({ endpoint: "http://127.0.0.1:9" })))).toMatch(/^Could not connect to fakesnow\.eu-west-1\.snowflakecomputing\.com\./);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await failure(new SnowflakeLoader(settings({ database: "A.B.C" })))).toBe('The database must be "DATABASE" or "DATABASE.SCHEMA".');
    expect(await failure(new SnowflakeLoader({ ...settings(), endpoint: undefined, host: "http://db.example.com" }))).toMatch(/HTTPS/);
  });
});

describe("Snowflake destination form", () => {
  let db: DB;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(async () => drop?.());

  it("checks the connection through the route: a wrong password is refused with Snowflake's message, a good one saves", async () => {
    const login = await import("~/routes/login");
    const create = await import("~/routes/_app.data-connector.destinations.new");
    const { company, user, password } = await makeCompanyWithUser(db);
    const cookie = cookiesFrom(await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} })));
    // A local address is the Host (plain HTTP is accepted for loopback only).
    const fields = { type: "snowflake", name: "Warehouse", host: server.endpoint, username: "loader", database: "SIGNALPOST.LOADS" };
    const post = (values: Record<string, string>) =>
      settle(() => create.action({ request: formPost("/data-connector/destinations/new", values, { cookie }), params: {}, context: {} } as never) as Promise<Response>);

    const refused = await post({ ...fields, password: "wrong" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { checkError: string };
    expect(body.checkError).toMatch(/Incorrect username or password was specified/);
    expect(body.checkError).not.toMatch(/not available yet/);
    expect(await listDestinations(db, company.id)).toHaveLength(0);

    const saved = await post({ ...fields, password: PASSWORD });
    expect(saved.status).toBe(302);
    const [d] = await listDestinations(db, company.id);
    expect(d!.type).toBe("snowflake");
    expect(readDestinationConfig(d!)).toMatchObject({ host: server.endpoint, password: PASSWORD, database: "SIGNALPOST.LOADS" });
  });
});

describe("Snowflake destination in a data-stream run on Temporal", () => {
  let db: DB;
  let drop: () => Promise<void>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let running: Promise<void>;
  let connection: Connection;
  let client: Client;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    worker = await createWorker({ db, address: inject("temporalAddress"), taskQueue });
    running = worker.run();
    connection = await Connection.connect({ address: inject("temporalAddress") });
    client = new Client({ connection });
  });
  afterAll(async () => {
    worker?.shutdown();
    await running;
    await connection?.close();
    await drop?.();
  });

  it("Run Now loads every account into Snowflake, and a second run leaves the same counts and sums", async () => {
    const { company, user } = await makeCompanyWithUser(db);
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, createdById: user.id });
    const accounts = await Promise.all(
      ["demo-001", "demo-002"].map((accountId, i) => createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId, name: `Account ${i}`, timezone: "UTC", currency: "EUR" })),
    );
    // `endpoint` is the operator-only setting that points the stored destination at the local server.
    const { outbound: _guard, ...stored } = settings();
    const destination = await createDestination(db, company.id, { name: "Snowflake", type: "snowflake", config: { ...stored, endpoint: server.endpoint } });
    const stream = await createDatastream(db, company.id, { name: "Ads to Snowflake", platform: "demo", destinationId: destination.id });
    const job = await createJob(
      db,
      company.id,
      demoJobInput({
        datastreamId: stream.id,
        dataSourceIds: accounts.map((a) => a.id),
        tableName: "ads_daily",
        name: "Daily campaigns",
        date: "LAST_7_DAYS",
        startDate: null,
        endDate: null,
        fields: { date: "date", campaign_name: "campaign", clicks: "clicks", cost: "cost" },
      }),
    );
    const byAccount = async () =>
      (await query('SELECT "_ACCOUNT_ID" AS A, COUNT(*) AS N, SUM("CLICKS") AS C FROM ADS_DAILY GROUP BY 1 ORDER BY 1')).map((r) => ({ account: r.A, rows: Number(r.N), clicks: Number(r.C) }));

    await createJobSchedule(client, { companyId: company.id, jobId: job.id, recurrency: job.recurrency });
    await triggerJob(client, job.id);
    const finishedRuns = (count: number) => waitForFinishedRuns(db, company.id, job.id, count);
    const [first] = await finishedRuns(1);
    expect(first!.message ?? "").toBe("");
    expect(first!.success).toBe(true);
    const once = await byAccount();
    expect(once.map((r) => r.account)).toEqual(["demo-001", "demo-002"]);
    expect(first!.numberRow).toBe(once.reduce((n, r) => n + r.rows, 0));
    expect(first!.numberRow).toBeGreaterThan(0);

    await triggerJob(client, job.id);
    const runs = await finishedRuns(2);
    expect(runs.every((r) => r.success)).toBe(true);
    expect(await byAccount()).toEqual(once);
    await deleteJobSchedule(client, job.id);
  }, 360_000);
});
