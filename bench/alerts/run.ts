// bench/alerts: configured alerts over 30-day daily series evaluated end to end (the
// evaluateAlertBatch activity: targets and definitions read from PostgreSQL, the series read
// through the connector interface and the read cache, evaluation, results/histories/runs written
// in set-based transactions, notification checks), side by side with a bare in-memory loop
// evaluating the same definitions over the same series. The first pass evaluates every alert for
// the first time (everything is new: results, histories, runs, read-cache fills); then --rounds
// rounds each run the bare loop and a repeat pass ten minutes later on the same data (what an
// hourly pass mostly is: nothing changed, decisions 0891 and 0894), back to back. On a shared
// machine the load moves between rounds, so the verdict is the median of the rounds' own ratios.
// Goal (issue 20 item 4): >= 0.25x the bare loop's alerts/s at 10,000; 100,000 alerts on 2,000
// accounts in one pass < 60 s with flat memory. The process's resident memory is sampled during
// each pass. --batch and --parallel default to the evaluateAlerts workflow's defaults. Run it with
// the worker's V8 flags (WORKER_NODE_FLAGS, decision 0897): the passes are the worker's activity.
//
//   node --max-semi-space-size=64 --expose-gc --import tsx bench/alerts/run.ts [--alerts 10000] [--accounts 100] [--campaigns 3] [--batch 500] [--parallel 4] [--rounds 5] [--out bench/alerts/last-run.md]
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { sql } from "kysely";
import { createDb } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createCompany } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { alertDefinitionSchema, type AlertDefinition } from "../../engine/alerts/definition.js";
import { evaluateAlert, type EntitySeries } from "../../engine/alerts/evaluate.js";
import { buildEntitySeries, planAlertReads } from "../../engine/alerts/series.js";
import { getConnector } from "../../engine/connectors/registry.js";
import type { Connector, Row, RowPage } from "../../engine/core/types.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";
import { WORKER_NODE_FLAGS } from "../../scripts/runtime/worker-flags.js";
import { createAlertActivities } from "../../temporal/activities/alerts.js";
import { activityDeps } from "../../temporal/activities/deps.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ""), process.argv[i + 1]!);
const ALERTS = Number(args.get("alerts") ?? 10_000);
const ACCOUNTS = Number(args.get("accounts") ?? 100);
const CAMPAIGNS = Number(args.get("campaigns") ?? 3);
const BATCH = Number(args.get("batch") ?? 500);
const PARALLEL = Number(args.get("parallel") ?? 4);
const ROUNDS = Number(args.get("rounds") ?? 5);
const NOW = new Date("2026-11-18T10:30:00Z");
const TZ = "Europe/Paris";
const today = DateTime.fromJSDate(NOW, { zone: TZ }).startOf("day");
const DAYS = Array.from({ length: 31 }, (_, i) => today.minus({ days: 31 - i }).toFormat("yyyy-MM-dd"));

/** 30 days of campaign rows per account, deterministic (a spike now and then). */
function rowsOf(accountId: string): Row[] {
  const n = Number(accountId.replace(/\D/g, "")) || 1;
  const rows: Row[] = [];
  for (const [d, date] of DAYS.entries()) {
    for (let c = 0; c < CAMPAIGNS; c++) {
      const spike = (n + d * 7 + c * 13) % 29 === 0 ? 3 : 1;
      const impressions = (1000 + ((n * 31 + d * 17 + c * 7) % 900)) * spike;
      const clicks = Math.round(impressions * 0.03);
      rows.push({ date, campaign_id: `${accountId}-c${c}`, campaign_name: `Campaign ${c}`, account_id: accountId, account_name: accountId, impressions, clicks, cost: Math.round(clicks * 0.8 * 100) / 100, conversions: Math.round(clicks * 0.05) });
    }
  }
  return rows;
}
const dataByAccount = new Map<string, Row[]>();
for (let a = 0; a < ACCOUNTS; a++) dataByAccount.set(`bench-${a + 1}`, rowsOf(`bench-${a + 1}`));

function benchConnector(): Connector {
  const demo = getConnector("demo");
  return {
    ...demo,
    restatementDays: 1,
    async *read(_ctx, req): AsyncIterable<RowPage> {
      const rows = dataByAccount.get(req.accounts[0].id) ?? [];
      yield { rows: rows.filter((r) => String(r.date) >= req.range.start && String(r.date) <= req.range.end).map((r) => Object.fromEntries(req.fields.map((f) => [f, r[f] ?? null]))) };
    },
  };
}

function definitionFor(i: number, accountId: string, dataSourceId: number) {
  const request = { A: { accountId, platform: "demo", level: "CAMPAIGN", dataSourceId, filters: [] } };
  const metric = ["cost", "clicks", "impressions", "conversions"][i % 4];
  if (i % 3 === 0) {
    return { variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 30 + (i % 40), trendType: "above", metric, duringTime1: "7_days", duringTime2: "30_days" }], calculatedFields: [], breakdown: null }], requests: request };
  }
  return { variables: [{ type: "metric", alertType: "threshold", alertValue: [{ operator: ["sum", "avg", "max"][i % 3], thresholdValue: 50 + ((i * 37) % 3000), thresholdType: "above", metric, during: i % 2 ? "7_days" : "30_days" }], calculatedFields: [], breakdown: null }], requests: request };
}

/**
 * BENCH_PG_SAMPLE=1: a sampling profile of the server side. Every 50 ms the statements running in
 * the bench database (pg_stat_activity) are counted by their first words; a statement seen in many
 * samples is where PostgreSQL spent the pass.
 */
function samplePostgres(url: string) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const client = new PgClient({ connectionString: url });
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ q: string; wait: string | null }>(
        "select left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q, wait_event_type || ':' || wait_event as wait from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = current_database()",
      );
      samples++;
      for (const r of rows) counts.set(`${r.q}${r.wait ? ` [${r.wait}]` : ""}`, (counts.get(`${r.q}${r.wait ? ` [${r.wait}]` : ""}`) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return [`${samples} samples`, ...[...counts].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([q, n]) => `${String(n).padStart(5)}  ${q}`)];
    },
  };
}

async function main() {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(", ");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signalpost-bench-alerts-"));
  // The embedded server runs as an unprivileged user when we are root: it must reach its directory.
  fs.chmodSync(dir, 0o777);
  const pgServer = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  await ensureDatabase(pgServer.url("postgres"), "bench");
  const db = createDb(pgServer.url("bench"), { max: 10 });
  try {
    await migrateToLatest(db);
    console.error("[bench] migrated");
    const company = await createCompany(db, { name: "Bench", activateAlert: true });
    const auth = await createNetworkAuthorization(db, company.id, { name: "Bench", platform: "demo", credential: { type: "api-key", key: "demo" } });
    const sources = await db
      .insertInto("dataSources")
      .values([...dataByAccount.keys()].map((accountId) => ({ companyId: company.id, networkAuthorizationId: auth.id, accountId, name: accountId, timezone: TZ, currency: "EUR", activateAlert: true })))
      .returning(["id", "accountId"])
      .execute();
    const definitions: { def: AlertDefinition; accountId: string }[] = [];
    for (let start = 0; start < ALERTS; start += 1000) {
      const chunk = Array.from({ length: Math.min(1000, ALERTS - start) }, (_, k) => {
        const i = start + k;
        const ds = sources[i % sources.length];
        const definition = definitionFor(i, ds.accountId, ds.id);
        definitions.push({ def: alertDefinitionSchema.parse({ title: `Alert ${i}`, type: "metric", ...definition }), accountId: ds.accountId });
        return { sentry: { companyId: company.id, title: `Alert ${i}`, type: "metric" as const, platform: "demo", definition: JSON.stringify(definition) }, dataSourceId: ds.id };
      });
      const sentries = await db.insertInto("sentries").values(chunk.map((c) => c.sentry)).returning("id").execute();
      await db.insertInto("configuredFors").values(sentries.map((s, k) => ({ companyId: company.id, sentryId: s.id, dataSourceId: chunk[k].dataSourceId, status: null, notifiedStatus: null, lastError: null }))).execute();
    }

    console.error("[bench] seeded");
    // (a) bare loop: the same definitions over the same series, in memory, nothing else. Run
    // once before the passes to compile the evaluation code (the passes find it compiled), then
    // once in each round next to the repeat pass it is compared with.
    let bareResults = 0;
    let bareAnomalies = 0;
    function bareLoop(): number {
      const seriesByAccount = new Map<string, EntitySeries[]>();
      const bareStart = performance.now();
      bareResults = 0;
      bareAnomalies = 0;
      for (const { def, accountId } of definitions) {
        const plan = planAlertReads(def, { level: "CAMPAIGN" }, { timezone: TZ, now: NOW });
        let series = seriesByAccount.get(accountId);
        if (!series) {
          series = buildEntitySeries({ ...plan, metrics: ["impressions", "clicks", "cost", "conversions"] }, { daily: dataByAccount.get(accountId) });
          seriesByAccount.set(accountId, series);
        }
        const results = evaluateAlert(def, series, { timezone: TZ, now: NOW, restatementDays: 1 });
        bareResults += results.length;
        bareAnomalies += results.filter((r) => r.status === "ANOMALY").length;
      }
      return performance.now() - bareStart;
    }
    const warmBareMs = bareLoop();

    console.error(`[bench] bare loop (warm-up) ${Math.round(warmBareMs)} ms`);
    // (b) end to end: what evaluateAlerts runs, batches of BATCH ids, PARALLEL batches at a time.
    const activities = createAlertActivities(activityDeps({ db, now: () => clock, getConnector: () => benchConnector(), sendMail: async () => {}, postSlack: async () => ({}), appUrl: "http://bench" }));
    let clock = NOW;
    async function pass(name: string, at: Date) {
      clock = at;
      // With --expose-gc, the live heap before and after the pass (what a pass keeps, not what it churns).
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      const heapAtStart = process.memoryUsage().heapUsed;
      const rssAtStart = process.memoryUsage().rss;
      let peakRss = rssAtStart;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
      const pgSamples = process.env.BENCH_PG_SAMPLE ? samplePostgres(pgServer.url("bench")) : undefined;
      const started = performance.now();
      const totals = { evaluated: 0, anomalies: 0, errors: 0 };
      // Due: not analysed at the pass's (pinned) instant; evaluated alerts get last_analyze = at and drop out.
      const dueBefore = at.toISOString();
      for (;;) {
        const ids = await activities.listDueAlerts({ dueBefore, limit: BATCH * PARALLEL });
        if (process.env.BENCH_VERBOSE) console.error(`[bench] round of ${ids.length}`);
        if (ids.length === 0) break;
        const groups: number[][] = [];
        for (let i = 0; i < ids.length; i += BATCH) groups.push(ids.slice(i, i + BATCH));
        for (const r of await Promise.all(groups.map((configuredForIds) => activities.evaluateAlertBatch({ configuredForIds })))) {
          totals.evaluated += r.evaluated;
          totals.anomalies += r.anomalies;
          totals.errors += r.errors;
        }
      }
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (pgSamples) console.error(`[bench] ${name}: what PostgreSQL was running (${(await pgSamples.stop()).join("\n  ")})`);
      gc?.();
      const heap = gc ? `${(heapAtStart / 2 ** 20).toFixed(0)} -> ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB` : "n/a (run with --expose-gc)";
      console.error(`[bench] ${name}: ${Math.round(ms)} ms`);
      return { name, ms, totals, written: await written(at), rssStartMb: rssAtStart / 2 ** 20, peakRssMb: peakRss / 2 ** 20, heap };
    }
    /** Rows the pass at `at` wrote (a result, history or run written by it carries its instant); the days now in the read cache. */
    async function written(at: Date) {
      const { rows } = await sql<{ results: number; histories: number; runs: number; partitions: number }>`
        select (select count(*)::int from alert_results where last_analyze = ${at}) as results, (select count(*)::int from alert_histories where analyzed_at = ${at}) as histories,
               (select count(*)::int from alert_runs where analyzed_at = ${at}) as runs, (select count(*)::int from read_cache_partitions) as partitions`.execute(db);
      return rows[0];
    }
    // BENCH_CPU_PROFILE=file.cpuprofile: a CPU profile of the repeat pass (this process only);
    // BENCH_CPU_PROFILE_PASS=first profiles the first pass instead.
    const profiler = process.env.BENCH_CPU_PROFILE ? new inspector.Session() : undefined;
    const post = (method: string) => new Promise<unknown>((resolve, reject) => profiler!.post(method, (error, result) => (error ? reject(error) : resolve(result))));
    const profiled = async <T>(which: string, run: () => Promise<T>): Promise<T> => {
      if (!profiler || (process.env.BENCH_CPU_PROFILE_PASS ?? "repeat") !== which) return run();
      profiler.connect();
      await post("Profiler.enable");
      await post("Profiler.start");
      const out = await run();
      fs.writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(((await post("Profiler.stop")) as { profile: unknown }).profile));
      profiler.disconnect();
      return out;
    };
    const first = await profiled("first", () => pass("first pass (every alert new)", NOW));
    const rounds: { bareMs: number; repeat: Awaited<ReturnType<typeof pass>>; load: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareMs = bareLoop();
      const at = new Date(NOW.getTime() + round * 10 * 60_000);
      const repeat = await profiled(round === 1 ? "repeat" : "none", () => pass(`repeat pass ${round}, ${round * 10} min later (same data)`, at));
      rounds.push({ bareMs, repeat, load: os.loadavg()[0] });
      console.error(`[bench] round ${round}: bare ${Math.round(bareMs)} ms, repeat ${Math.round(repeat.ms)} ms, ratio ${(bareMs / repeat.ms).toFixed(2)}x`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const bareMs = median(rounds.map((r) => r.bareMs));
    const repeatRatio = median(rounds.map((r) => r.bareMs / r.repeat.ms));
    const medianRepeat = [...rounds].sort((a, b) => a.repeat.ms - b.repeat.ms)[Math.floor(rounds.length / 2)].repeat;
    const passes = [first, ...rounds.map((r) => r.repeat)];

    const bareRate = ALERTS / (bareMs / 1000);
    const verdict = (p: (typeof passes)[number]) => p.totals.evaluated / (p.ms / 1000) / bareRate;
    const report = [
      `Run ${new Date().toISOString()} on Node ${process.version} (${process.execArgv.filter((f) => f.startsWith("--max-")).join(" ") || "default heap flags"}${WORKER_NODE_FLAGS.every((f) => process.execArgv.includes(f)) ? ", the worker's" : ", NOT the worker's flags"}), ${os.cpus().length} vCPUs: ${ALERTS} alerts on ${ACCOUNTS} accounts x ${CAMPAIGNS} campaigns, 30-day daily series, batches of ${BATCH}, ${PARALLEL} in parallel.`,
      `Load average (uptime) at the start: ${loadAtStart}; at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}.`,
      "",
      "| pass | alerts | written: results / histories / runs; days in the read cache | anomalous alerts | time | alerts/s | ratio | RSS at start -> peak | live heap before -> after |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      `| (a) bare in-memory loop (median of the ${ROUNDS} rounds: ${rounds.map((r) => (r.bareMs / 1000).toFixed(2)).join(", ")} s) | ${ALERTS} | (${bareResults} results, ${bareAnomalies} in anomaly) | | ${(bareMs / 1000).toFixed(2)} s | ${Math.round(bareRate)} | 1.00x | | |`,
      ...[first, medianRepeat].map(
        (p) =>
          `| ${p === first ? p.name : `repeat pass, same data (median of the ${ROUNDS} rounds: ${rounds.map((r) => (r.repeat.ms / 1000).toFixed(2)).join(", ")} s)`} | ${p.totals.evaluated} | ${p.written.results} / ${p.written.histories} / ${p.written.runs}; ${p.written.partitions} | ${p.totals.anomalies} | ${(p.ms / 1000).toFixed(2)} s | ${Math.round(p.totals.evaluated / (p.ms / 1000))} | ${verdict(p).toFixed(2)}x | ${p.rssStartMb.toFixed(0)} -> ${p.peakRssMb.toFixed(0)} MB | ${p.heap} |`,
      ),
      "",
      `Repeat pass against the bare loop of its round: ${rounds.map((r) => `${(r.bareMs / r.repeat.ms).toFixed(2)}x`).join(", ")} (load ${rounds.map((r) => r.load.toFixed(1)).join(", ")}); **median ${repeatRatio.toFixed(2)}x**.`,
      `Rows written by the repeat passes: ${rounds.map((r) => `${r.repeat.written.results} / ${r.repeat.written.histories} / ${r.repeat.written.runs}`).join(", ")}.`,
      `errors: ${passes.map((p) => p.totals.errors).join(" / ")}; written: rows the pass inserted or rewrote (results, histories, runs); days: partitions in the read cache after the pass.`,
    ].join("\n");
    console.log(report);
    fs.writeFileSync(args.get("out") ?? path.join(path.dirname(new URL(import.meta.url).pathname), "last-run.md"), report + "\n");
  } catch (error) {
    console.error("[bench] failed:", error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
