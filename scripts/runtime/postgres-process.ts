import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export type PostgresProcess = { adminUrl: string; url: (database: string) => string; stop: () => Promise<void> };

/** Starts postgres-server.ts as a child process and resolves once it is ready. */
export function startPostgresProcess(opts: { dir: string; port: number }): Promise<PostgresProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "postgres-server.ts"), opts.dir, String(opts.port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`PostgreSQL process exited with code ${code}: ${stderr.slice(-2000)}`)));
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
      const match = /READY (\S+)/.exec(out);
      if (!match) return;
      const adminUrl = match[1];
      resolve({
        adminUrl,
        url: (database) => adminUrl.replace(/\/postgres$/, `/${database}`),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
