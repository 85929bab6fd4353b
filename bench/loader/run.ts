// bench/loader: N demo-shaped rows through a job run (the runAccountSlice activity: connector read,
// field mapping, partition replace through the Postgres loader) side by side with a bare COPY FROM
// STDIN of the same rows, first load and re-run (replacing existing partitions); then MySQL
// (MariaDB) through the loader against a bare multi-row INSERT. Peak RSS is sampled while each runs.
//
//   node --import tsx bench/loader/run.ts [--rows 1000000] [--days 100] [--mysql 1]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import { createDb } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { PgClient } from "../../db/pg-clients.js";
import { createCompany } from "../../db/repositories/companies.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { createDatastream, createJob, startJobLog } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { getConnector } from "../../engine/connectors/registry.js";
import type { Connector, Row, RowPage } from "../../engine/core/types.js";
import { csvLine } from "../../engine/destinations/columns.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";
import { createDataStreamActivities } from "../../temporal/activities/data-streams.js";
import { startMariaDb } from "../../tests/support/local-servers.js";
import { activityDeps } from "../../temporal/activities/deps.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1]!);
const ROWS = Number(args.get("rows") ?? 1_000_000);
const DAYS = Number(args.get("days") ?? 100);
const WITH_MYSQL = args.get("mysql") !== "0";
const PAGE = 5_000;
const perDay = Math.ceil(ROWS / DAYS);
const START = Date.UTC(2024, 0, 1);
const dayOf = (i: number) => new Date(START + i * 86_400_000).toISOString().slice(0, 10);
const range = { start: dayOf(0), end: dayOf(DAYS - 1) };

/**
 * The demo connector's fields, read from a deterministic generator of `ROWS` rows (pages of 5,000).
 * `salt` revises every metric (a re-run where every row changed); 0 repeats the first load's rows.
 */
let salt = 0;
function* generate(): Generator<Row[]> {
  let page: Row[] = [];
  let n = 0;
  for (let d = 0; d < DAYS && n < ROWS; d++) {
    const date = dayOf(d);
    for (let c = 0; c < perDay && n < ROWS; c++, n++) {
      page.push({ date, campaign_id: `c${c}`, campaign_name: `Campaign ${c % 97}`, impressions: (c * 37) % 10_000 + salt, clicks: (c * 7) % 500 + salt, cost: ((c * 13) % 10_000) / 100 + salt });
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
  }
  if (page.length) yield page;
}

function benchConnector(): Connector {
  const demo = getConnector("demo");
  return {
    ...demo,
    restatementDays: 0,
    async *read(): AsyncIterable<RowPage> {
      for (const rows of generate()) yield { rows };
    },
  };
}

async function sampled<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - t0, peakRssMb: Math.round(peak / 1048576) };
  } finally {
    clearInterval(timer);
  }
}

const FIELDS = { date: "date", campaign_id: "campaign_id", campaign_name: "campaign_name", impressions: "impressions", clicks: "clicks", cost: "cost" };

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-bench-loader-"));
  fs.chmodSync(root, 0o777);
  const server = await startEmbeddedPostgres({ dir: path.join(root, "pg"), port: await freePort() });
  const lines: string[] = [];
  const say = (s: string) => (console.log(s), lines.push(s));
  try {
    await ensureDatabase(server.url("postgres"), "app");
    await ensureDatabase(server.url("postgres"), "warehouse");
    const db = createDb(server.url("app"), { max: 4 });
    await migrateToLatest(db);
    const company = await createCompany(db, { name: "Bench" });
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "demo" } });
    const account = await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: "demo-001", name: "Acme", timezone: "UTC", currency: "EUR" });
    const wh = new URL(server.url("warehouse"));
    const destinations = {
      postgres: await createDestination(db, company.id, { name: "PG", type: "postgres", config: { host: `${wh.hostname}:${wh.port}`, username: decodeURIComponent(wh.username), password: decodeURIComponent(wh.password), database: "warehouse" } }),
    } as Record<string, Awaited<ReturnType<typeof createDestination>>>;
    const activities = createDataStreamActivities(activityDeps({ db, getConnector: () => benchConnector() }));

    async function jobFor(type: string, table: string) {
      const stream = await createDatastream(db, company.id, { name: type, platform: "demo", destinationId: destinations[type]!.id });
      const job = await createJob(db, company.id, {
        datastreamId: stream.id, name: table, recurrency: "0 0 * * *", date: "CUSTOM", startDate: range.start, endDate: range.end, hasToBeInitialized: false,
        dateInitialization: null, startDateInitialization: null, endDateInitialization: null, shouldRunAllEvenIfFailed: false, networkAuthorizationId: null,
        fields: FIELDS, options: { report: "campaigns" }, tableName: table, partitionFieldId: "date", dataType: null, dataSourceIds: [account.id],
      });
      return job;
    }
    async function runSlice(jobId: number, requestId: string) {
      const log = await startJobLog(db, company.id, { jobId, requestId, kind: "run", dateStart: range.start, dateEnd: range.end, requestedStart: range.start, requestedEnd: range.end });
      return activities.runAccountSlice({ companyId: company.id, jobId, logId: log.id, requestId, dataSourceId: account.id, range });
    }

    say(`## loader benchmark, ${new Date().toISOString().slice(0, 10)}`);
    say("");
    say(`${ROWS.toLocaleString("en")} rows, ${DAYS} days × ${perDay} rows, 1 account, 7 columns; Node ${process.version}, ${os.cpus().length} cores.`);
    say("");
    say("| destination | path | run | rows | seconds | rows/s | ratio to bare | peak RSS MB |");
    say("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |");

    // --- PostgreSQL: bare COPY of the same rows into a table of the same shape --------------------
    const whClient = new PgClient({ connectionString: server.url("warehouse") });
    await whClient.connect();
    await whClient.query(`create table bare_copy (_account_id text, date date, campaign_id text, campaign_name text, impressions double precision, clicks double precision, cost double precision)`);
    await whClient.query(`create index on bare_copy (_account_id, date)`);
    const bareCopy = async () => {
      const stream = whClient.query(copyFrom(`COPY bare_copy FROM STDIN WITH (FORMAT csv)`));
      async function* encode() {
        for (const rows of generate()) {
          let chunk = "";
          for (const r of rows) chunk += csvLine(["demo-001", r.date!, r.campaign_id!, r.campaign_name!, r.impressions!, r.clicks!, r.cost!]);
          yield chunk;
        }
      }
      await pipeline(Readable.from(encode()), stream);
      return ROWS;
    };
    const job = await jobFor("postgres", "bench_campaigns");
    const results: Record<string, number> = {};
    for (const run of ["first load", "re-run", "re-run, every row changed"] as const) {
      salt = run === "re-run, every row changed" ? 1 : 0;
      if (run !== "first load") await whClient.query("begin; delete from bare_copy; commit"); // the bare reference has no replace: it only appends
      // Settle the server between measures (a checkpoint and autovacuum after 1M inserts would
      // otherwise land on whichever path runs second), and alternate which path goes first.
      const settle = async () => {
        await whClient.query("checkpoint");
        await whClient.query("vacuum analyze");
      };
      let bare, viaJob;
      if (run === "first load") {
        await settle();
        viaJob = await sampled(() => runSlice(job.id, `bench-${run}`));
        await settle();
        bare = await sampled(bareCopy);
      } else {
        await settle();
        bare = await sampled(bareCopy);
        await settle();
        viaJob = await sampled(() => runSlice(job.id, `bench-${run}`));
      }
      if (viaJob.value.rows !== ROWS) throw new Error(`job loaded ${viaJob.value.rows} rows`);
      const check = (await whClient.query("select count(*)::int as n, sum(clicks)::float8 as clicks from bench_campaigns")).rows[0];
      const expected = (await whClient.query("select sum(clicks)::float8 as clicks from bare_copy")).rows[0].clicks;
      if (check.n !== ROWS || check.clicks !== expected) throw new Error(`table holds ${check.n} rows, ${check.clicks} clicks after ${run} (expected ${ROWS}, ${expected})`);
      const bareRate = ROWS / (bare.ms / 1000);
      const jobRate = ROWS / (viaJob.ms / 1000);
      results[run] = jobRate / bareRate;
      say(`| postgres | bare COPY FROM STDIN | ${run} | ${ROWS} | ${(bare.ms / 1000).toFixed(2)} | ${Math.round(bareRate)} | 1.00 | ${bare.peakRssMb} |`);
      say(`| postgres | job run (runAccountSlice) | ${run} | ${ROWS} | ${(viaJob.ms / 1000).toFixed(2)} | ${Math.round(jobRate)} | ${(jobRate / bareRate).toFixed(2)} | ${viaJob.peakRssMb} |`);
    }
    await whClient.end();

    // --- MySQL (MariaDB): bare multi-row INSERT of the same rows ---------------------------------
    if (WITH_MYSQL) {
      const maria = await startMariaDb();
      try {
        destinations.mysql = await createDestination(db, company.id, { name: "My", type: "mysql", config: { host: `${maria.host}:${maria.port}`, username: maria.user, password: maria.password, database: "signalpost_dest" } });
        const mysql = await import("mysql2/promise");
        const conn = await mysql.createConnection({ host: maria.host, port: maria.port, user: maria.user, password: maria.password, database: "signalpost_dest" });
        await conn.query("create table bare_insert (_account_id varchar(255), date date, campaign_id longtext, campaign_name longtext, impressions double, clicks double, cost double, index (_account_id, date))");
        const bareInsert = async () => {
          await conn.beginTransaction();
          let pending: unknown[][] = [];
          for (const rows of generate())
            for (const r of rows) {
              pending.push(["demo-001", r.date, r.campaign_id, r.campaign_name, r.impressions, r.clicks, r.cost]);
              if (pending.length === 2000) {
                await conn.query("insert into bare_insert values ?", [pending]);
                pending = [];
              }
            }
          if (pending.length) await conn.query("insert into bare_insert values ?", [pending]);
          await conn.commit();
        };
        const mjob = await jobFor("mysql", "bench_campaigns");
        for (const run of ["first load", "re-run"] as const) {
          if (run === "re-run") await conn.query("truncate bare_insert");
          const bare = await sampled(bareInsert);
          const viaJob = await sampled(() => runSlice(mjob.id, `bench-my-${run}`));
          const [cnt] = await conn.query("select count(*) as n from bench_campaigns");
          if (Number((cnt as { n: number }[])[0]!.n) !== ROWS) throw new Error("mysql row count mismatch");
          const bareRate = ROWS / (bare.ms / 1000);
          const jobRate = ROWS / (viaJob.ms / 1000);
          say(`| mysql | bare multi-row INSERT | ${run} | ${ROWS} | ${(bare.ms / 1000).toFixed(2)} | ${Math.round(bareRate)} | 1.00 | ${bare.peakRssMb} |`);
          say(`| mysql | job run (runAccountSlice) | ${run} | ${ROWS} | ${(viaJob.ms / 1000).toFixed(2)} | ${Math.round(jobRate)} | ${(jobRate / bareRate).toFixed(2)} | ${viaJob.peakRssMb} |`);
        }
        await conn.end();
      } finally {
        await maria.stop();
      }
    }
    say("");
    say(`Goal: ≥ 0.70 first load (${results["first load"]!.toFixed(2)}), ≥ 0.50 re-run (${results["re-run"]!.toFixed(2)}; every row changed: ${results["re-run, every row changed"]!.toFixed(2)}).`);
    fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "last-run.md"), lines.join("\n") + "\n");
    await db.destroy();
  } finally {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
