// The teardown class of issue 14: a server that ends our connections ("terminating connection due
// to administrator command": a dropped test database, pg_terminate_backend, a restart) must never
// crash the process through a pg 'error' event, whether the connection was idle in a pool, checked
// out by a query, or an ad-hoc client.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inject } from "vitest";
import { createTestDatabase } from "../tests/support/database.js";
import { createDb } from "./connection.js";
import { createPgPool, PgClient, withPgClient } from "./pg-clients.js";

const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);
const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);

async function scratchDatabase(name: string): Promise<string> {
  await withPgClient(inject("postgresAdminUrl"), async (admin) => {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  });
  return inject("postgresAdminUrl").replace(/\/postgres$/, `/${name}`);
}

const dropForced = (name: string) => withPgClient(inject("postgresAdminUrl"), (admin) => admin.query(`drop database if exists ${name} with (force)`));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

const lostLines = () => warn.mock.calls.map((c) => String(c[0])).filter((l) => /an idle database connection was lost: terminating connection due to administrator command \(57P01\)/.test(l));

beforeAll(() => {
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
});

afterAll(() => {
  process.off("uncaughtException", record);
  process.off("unhandledRejection", record);
  warn.mockRestore();
});

afterEach(() => {
  expect(uncaught.splice(0)).toEqual([]);
  warn.mockClear();
});

describe("connections ended by the server", () => {
  it("a pool whose idle clients are terminated by a forced database drop logs it and lives on", async () => {
    const name = `pgc_idle_${process.pid}`;
    const pool = createPgPool({ connectionString: await scratchDatabase(name), max: 3 });
    // Three queries at once leave three idle clients behind.
    await Promise.all([1, 2, 3].map(() => pool.query("select pg_sleep(0.05)")));
    expect(pool.idleCount).toBe(3);
    await dropForced(name);
    await until(() => pool.idleCount === 0);
    expect(lostLines()).toHaveLength(3);
    await pool.end();
  });

  it("a query whose connection is terminated while checked out fails, and nothing else escapes", async () => {
    const name = `pgc_busy_${process.pid}`;
    const pool = createPgPool({ connectionString: await scratchDatabase(name), max: 2 });
    const busy = await pool.connect();
    const pid = (await busy.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const sleeping = busy.query("select pg_sleep(30)").then(
      () => undefined,
      (e: unknown) => e,
    );
    await withPgClient(inject("postgresAdminUrl"), async (admin) => {
      // Wait until the server runs the query, so the termination lands on a checked-out client.
      for (;;) {
        const r = await admin.query("select 1 from pg_stat_activity where pid = $1 and query like 'select pg_sleep(30)%'", [pid]);
        if (r.rowCount) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query("select pg_terminate_backend($1)", [pid]);
    });
    expect(await sleeping).toMatchObject({ code: "57P01", message: "terminating connection due to administrator command" });
    busy.release(true);
    await pool.end();
    await dropForced(name);
  });

  it("an ad-hoc client whose backend is terminated between queries reports it on its next query only", async () => {
    const name = `pgc_adhoc_${process.pid}`;
    const client = new PgClient({ connectionString: await scratchDatabase(name) });
    await client.connect();
    const ended = new Promise((r) => client.once("end", r));
    await dropForced(name);
    await ended;
    await expect(client.query("select 1")).rejects.toThrow(/not queryable|Connection terminated/);
    await client.end();
  });

  it("the app's db (createDb) survives its test database being dropped under it", async () => {
    const { url, drop } = await createTestDatabase();
    // A second pool on the same database, as a leaked getDb() or a forgotten createDb would be.
    const leaked = createDb(url, { max: 2 });
    await Promise.all([1, 2].map(() => sql`select pg_sleep(0.05)`.execute(leaked)));
    const idleSince = Date.now();
    await drop();
    // Its two idle clients are terminated and logged, unless the drop took longer than the pool's
    // idle timeout (10 s, a very busy machine): then the pool had closed them itself.
    await until(() => lostLines().length === 2 || Date.now() - idleSince > 10_000);
    expect(lostLines().length).toBeLessThanOrEqual(2);
    await leaked.destroy();
  });
});
