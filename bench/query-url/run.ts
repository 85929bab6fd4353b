// bench/query-url: the query URL (GET /api/request on the real web server and route, demo
// platform) served from the read cache (every day stored; with the product's defaults the days a
// fill or a read just stored are sent from the process's memory, and a second app process with
// READ_CACHE_MEMORY_MB=0 takes every chunk from PostgreSQL) and uncached (nocache=1: every day
// from the platform, stored again), against (a) a bare node:http server sending the same
// precomputed bytes and (b) a bare pg query + JSON.stringify reference, side by side in one run.
// Each server is its own process; its resident memory is sampled from /proc while it answers.
//
//   npx remix build && node --import tsx bench/query-url/run.ts [--rows 100000] [--runs 3] [--sizes 10000,100000,1000000]
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDb } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createCompany, revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const ROWS = Number(args.get("rows") ?? 100_000);
const RUNS = Number(args.get("runs") ?? 3);
const SIZES = (args.get("sizes") ?? "10000,100000,1000000").split(",").map(Number);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

type Measure = { rows: number; bytes: number; ttfbMs: number; totalMs: number; peakRssMb: number };

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function startServer(name: string, command: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  // A server's own output goes to stderr, off the report: an unread pipe would block a server that writes to stdout (writes to a pipe are synchronous on Linux).
  child.stdout!.pipe(process.stderr);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    const up = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/healthz" }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One GET: time to first body byte, total time, bytes, rows (json: objects in the list; csv: lines - 1), peak RSS of the server. */
function measure(port: number, pathAndQuery: string, pid: number, kind: "json" | "csv", keep?: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const started = process.hrtime.bigint();
    let ttfb = 0;
    let bytes = 0;
    let newlines = 0;
    let objects = 0;
    let prev1 = 0;
    let prev2 = 0;
    const out = keep ? fs.createWriteStream(keep) : null;
    const req = http.get({ host: "127.0.0.1", port, path: pathAndQuery, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => reject(new Error(`${pathAndQuery.slice(0, 80)} -> ${res.statusCode} ${text.slice(0, 300)}`)));
        return;
      }
      res.on("data", (chunk: Buffer) => {
        if (!ttfb) ttfb = Number(process.hrtime.bigint() - started) / 1e6;
        bytes += chunk.length;
        out?.write(chunk);
        for (let i = 0; i < chunk.length; i++) {
          const c = chunk[i];
          if (c === 10) newlines++;
          // "},{" separates row objects in every JSON shape we send (tracked across chunks).
          if (prev2 === 125 && prev1 === 44 && c === 123) objects++;
          prev2 = prev1;
          prev1 = c;
        }
      });
      res.on("end", () => {
        clearInterval(sampler);
        out?.end();
        const totalMs = Number(process.hrtime.bigint() - started) / 1e6;
        resolve({ rows: kind === "csv" ? newlines - 1 : objects + (bytes > 0 ? 1 : 0), bytes, ttfbMs: ttfb, totalMs, peakRssMb: Math.max(peak, rssMb(pid)) });
      });
    });
    req.on("error", (e) => {
      clearInterval(sampler);
      reject(e);
    });
  });
}

/** CPU time (ms) of a process, or of every process with that name (PostgreSQL's backends), from /proc. */
function cpuMs(match: (pid: string, stat: string) => boolean): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!match(pid, stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/**
 * Waits until the servers and PostgreSQL are quiet (under 5 ms of CPU in 100 ms), at most 5 s:
 * each measurement times one request, not the deferred work of the one before it (an uncached
 * read's commit, connection logs, garbage collection, autovacuum), whichever server it goes to.
 */
async function settle(pids: number[]): Promise<void> {
  const watched = new Set(pids.map(String));
  const busy = () => cpuMs((pid, stat) => watched.has(pid) || stat.includes("(postgres)"));
  const deadline = Date.now() + 5_000;
  let before = busy();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = busy();
    if (now - before < 5) return;
    before = now;
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Medians of time, the highest resident memory. */
function summary(all: Measure[]): Measure {
  return { rows: all[0].rows, bytes: all[0].bytes, ttfbMs: median(all.map((m) => m.ttfbMs)), totalMs: median(all.map((m) => m.totalMs)), peakRssMb: Math.max(...all.map((m) => m.peakRssMb)) };
}

async function best(runs: number, fn: () => Promise<Measure>): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await fn());
  return summary(all);
}

async function main() {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(", ");
  if (!fs.existsSync(path.join(root, "build/index.js"))) throw new Error("Run `npx remix build` first: the benchmark serves the real build.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qurl-bench-"));
  fs.chmodSync(dir, 0o777);
  // The dev encryption key lives in the data dir: the seeding here and the server must share it.
  process.env.SIGNALPOST_DATA_DIR = dir;
  const pgPort = await freePort();
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: pgPort, log: (m) => console.error(m) });
  console.error(`[bench] postgres up on ${pgPort}`);
  const children: ChildProcess[] = [];
  try {
    await ensureDatabase(postgres.url("postgres"), "bench");
    const databaseUrl = postgres.url("bench");
    const db = createDb(databaseUrl);
    await migrateToLatest(db);
    console.error("[bench] migrated");
    const company = await createCompany(db, { name: "Bench" });
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo", platform: "demo", credential: { type: "api-key", key: "demo" } });
    const accounts = [
      { accountId: "demo-paris", name: "Paris", timezone: "Europe/Paris", currency: "EUR" },
      { accountId: "demo-new-york", name: "New York", timezone: "America/New_York", currency: "USD" },
      { accountId: "demo-london", name: "London", timezone: "Europe/London", currency: "GBP" },
      { accountId: "demo-tokyo", name: "Tokyo", timezone: "Asia/Tokyo", currency: "JPY" },
    ];
    for (const a of accounts) await createDataSource(db, company.id, { networkAuthorizationId: source.id, ...a });
    const apikey = revealApiKey(company);
    // Reference table for (b): the same columns as the route's rows, filled in batches up to the
    // largest size measured (the 1M-row reference runs too).
    await sql`create table bench_rows (id int primary key, date date, hour int, account_id text, campaign_id text, ad_group_id text, impressions int, clicks int, cost numeric)`.execute(db);
    const total = Math.max(ROWS, ...SIZES);
    for (let from = 1; from <= total; from += 100_000) {
      const to = Math.min(total, from + 99_999);
      console.error(`[bench] bench_rows ${from}..${to}`);
      await sql`insert into bench_rows select g, date '2024-01-01' + (g / 1152), g % 24, 'demo-' || (g % 4), 'c' || (g % 7), 'g' || (g % 13),
        (g::bigint * 7919) % 5000, (g::bigint * 31) % 200, round(((g::bigint * 17) % 10000) / 100.0, 2) from generate_series(${from}::int, ${to}::int) g`.execute(db);
    }
    await sql`vacuum analyze bench_rows`.execute(db);
    await db.destroy();
    console.error("[bench] seeded; starting servers");

    const appPort = await freePort();
    // BENCH_APP_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the app process.
    const appArgs = (process.env.BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const app = await startServer("app", [...appArgs, "--import", "tsx", "scripts/runtime/web-server.ts", "build/index.js"], { DATABASE_URL: databaseUrl, NODE_ENV: "production", SIGNALPOST_DATA_DIR: dir }, appPort);
    children.push(app);
    // The same app with no days kept in its memory (decision 0899): every cached read takes its chunks from PostgreSQL.
    const coldPort = await freePort();
    const coldApp = await startServer("app (READ_CACHE_MEMORY_MB=0)", [...appArgs, "--import", "tsx", "scripts/runtime/web-server.ts", "build/index.js"], { DATABASE_URL: databaseUrl, NODE_ENV: "production", SIGNALPOST_DATA_DIR: dir, READ_CACHE_MEMORY_MB: "0" }, coldPort);
    children.push(coldApp);

    const accountsParam = JSON.stringify(accounts.map((a) => ({ id: a.accountId, authorization_id: source.id })));
    const query = (format: string, days: number, extra: Record<string, string> = {}) =>
      `/api/request?${new URLSearchParams({
        format,
        platform: "demo",
        dimensions: "date,hour,account_id,campaign_id,ad_group_id",
        metrics: "impressions,clicks,cost",
        date: "CUSTOM",
        start_date: "2024-01-01",
        end_date: new Date(Date.UTC(2024, 0, 1) + (days - 1) * 86_400_000).toISOString().slice(0, 10),
        accounts: accountsParam,
        options_granularity: "hour",
        apikey,
        ...extra,
      })}`;
    // Rows per day of this query, to size the date range.
    const probe = await measure(appPort, query("csv", 10), app.pid!, "csv");
    const perDay = probe.rows / 10;
    const daysFor = (rows: number) => Math.ceil(rows / perDay);
    console.log(`demo query: ${perDay} rows per day`);

    const results: Record<string, Measure> = {};
    const rounds: Record<string, Measure[]> = {};
    const cold = { nocache: "1" };
    const pgPortRef = await freePort();
    const pgServer = await startServer("pg", ["--import", "tsx", "bench/query-url/reference-servers.ts", "pg"], { DATABASE_URL: databaseUrl }, pgPortRef);
    children.push(pgServer);
    await measure(pgPortRef, `/?rows=${ROWS}`, pgServer.pid!, "json");
    for (const format of ["json", "csv"] as const) {
      const file = path.join(dir, `body.${format}`);
      // Warm up (and store every day), keeping the bytes for reference (a).
      await measure(appPort, query(format, daysFor(ROWS), cold), app.pid!, format, file);
      const bytesPort = await freePort();
      const bytesServer = await startServer(`bytes ${format}`, ["--import", "tsx", "bench/query-url/reference-servers.ts", "bytes", file], {}, bytesPort);
      children.push(bytesServer);
      await measure(bytesPort, "/", bytesServer.pid!, format);
      // Each round measures the route and its references back to back: on a shared machine the
      // load moves between rounds, and a ratio of medians taken minutes apart measures the load.
      const take = (name: string, m: Measure) => (rounds[name] ??= []).push(m);
      const quiet = () => settle([app.pid!, coldApp.pid!, bytesServer.pid!, pgServer.pid!]);
      for (let r = 0; r < RUNS; r++) {
        await quiet();
        take(`route ${format}, cached`, await measure(appPort, query(format, daysFor(ROWS)), app.pid!, format));
        await quiet();
        take(`(a) bare node:http, same bytes, ${format}`, await measure(bytesPort, "/", bytesServer.pid!, format));
        await quiet();
        take(`route ${format}, cached, chunks from PostgreSQL (READ_CACHE_MEMORY_MB=0)`, await measure(coldPort, query(format, daysFor(ROWS)), coldApp.pid!, format));
        await quiet();
        take(`route ${format}, uncached (nocache=1)`, await measure(appPort, query(format, daysFor(ROWS), cold), app.pid!, format));
        await quiet();
        if (format === "json") take("(b) bare pg + JSON.stringify", await measure(pgPortRef, `/?rows=${ROWS}`, pgServer.pid!, "json"));
      }
      bytesServer.kill();
    }

    for (const [name, all] of Object.entries(rounds)) results[name] = summary(all);

    // Memory against the row count: every size uncached first (which stores its days), then a
    // fresh app process answers every size from the cache, so that the cached figures do not carry
    // the heap an uncached read left behind.
    const uncachedBySize = new Map<number, Measure>();
    for (const size of SIZES) uncachedBySize.set(size, await measure(appPort, query("json", daysFor(size), cold), app.pid!, "json"));
    await new Promise((resolve) => (app.once("exit", resolve), app.kill()));
    const freshPort = await freePort();
    const fresh = await startServer("app (fresh)", [...appArgs, "--import", "tsx", "scripts/runtime/web-server.ts", "build/index.js"], { DATABASE_URL: databaseUrl, NODE_ENV: "production", SIGNALPOST_DATA_DIR: dir }, freshPort);
    children.push(fresh);
    const idleRssMb = rssMb(fresh.pid!);
    // One small request first: the first request of a process pays for opening its database pool.
    await measure(freshPort, query("json", 10), fresh.pid!, "json");
    const memory: { rows: number; cached: Measure; uncached: Measure; pg: Measure }[] = [];
    for (const size of SIZES) {
      const cached = await best(RUNS, () => measure(freshPort, query("json", daysFor(size)), fresh.pid!, "json"));
      const pgRef = await measure(pgPortRef, `/?rows=${size}`, pgServer.pid!, "json");
      memory.push({ rows: size, cached, uncached: uncachedBySize.get(size)!, pg: pgRef });
    }

    const line = (name: string, m: Measure) =>
      `| ${name} | ${m.rows.toLocaleString("en")} | ${(m.bytes / 1e6).toFixed(1)} MB | ${m.ttfbMs.toFixed(0)} ms | ${m.totalMs.toFixed(0)} ms | ${Math.round(m.rows / (m.totalMs / 1000)).toLocaleString("en")} | ${m.peakRssMb.toFixed(0)} MB |`;
    // The median of the rounds' own ratios (each round's route and reference ran back to back).
    const ratio = (reference: string, route: string) =>
      median(rounds[route].map((m, r) => m.rows / m.totalMs / (rounds[reference][r].rows / rounds[reference][r].totalMs))).toFixed(2);
    const out = [
      `Node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, ${new Date().toISOString()}; median of ${RUNS} rounds after a warm-up, each round measuring the route and its references back to back.`,
      `Load average (uptime) at the start: ${loadAtStart}; at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}.`,
      "",
      "| server | rows | body | first byte | total | rows/s | peak RSS (server) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...Object.entries(results).map(([k, m]) => line(k, m)),
      "",
      `Median of the rounds' ratios, route/(a) in rows/s, cached: json ${ratio("(a) bare node:http, same bytes, json", "route json, cached")}x, csv ${ratio("(a) bare node:http, same bytes, csv", "route csv, cached")}x (goal >= 0.5x); ` +
        `cached with the chunks from PostgreSQL: json ${ratio("(a) bare node:http, same bytes, json", "route json, cached, chunks from PostgreSQL (READ_CACHE_MEMORY_MB=0)")}x, csv ${ratio("(a) bare node:http, same bytes, csv", "route csv, cached, chunks from PostgreSQL (READ_CACHE_MEMORY_MB=0)")}x. ` +
        `Uncached route/(b): json ${ratio("(b) bare pg + JSON.stringify", "route json, uncached (nocache=1)")}x (goal >= 0.7x).`,
      "",
      `Fresh app process for the cached column: ${idleRssMb.toFixed(0)} MB resident before its first request.`,
      "",
      "| rows | cached json: first byte | cached: total | cached: peak RSS | uncached: total | uncached: peak RSS | (b) pg + JSON: total | (b): peak RSS |",
      "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...memory.map(
        (m) =>
          `| ${m.rows.toLocaleString("en")} (route ${m.cached.rows.toLocaleString("en")}) | ${m.cached.ttfbMs.toFixed(0)} ms | ${m.cached.totalMs.toFixed(0)} ms | ${m.cached.peakRssMb.toFixed(0)} MB | ${m.uncached.totalMs.toFixed(0)} ms | ${m.uncached.peakRssMb.toFixed(0)} MB | ${m.pg.totalMs.toFixed(0)} ms | ${m.pg.peakRssMb.toFixed(0)} MB |`,
      ),
    ].join("\n");
    console.log(out);
    fs.writeFileSync(path.join(root, "bench/query-url/last-run.md"), out + "\n");
  } finally {
    // The servers go first, and we wait until they are gone: a server still holding pooled
    // connections when PostgreSQL stops gets "terminating connection due to administrator command".
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => (c.once("exit", r), c.kill())) : undefined)));
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
