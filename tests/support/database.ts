import { randomInt } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type DB } from "../../db/connection.js";
import { withPgClient } from "../../db/pg-clients.js";
import { resetEnvCache } from "../../lib/env.js";

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup made.
 * Also points the app's own getDb() at it (DATABASE_URL) so routes and services under test use it.
 */
export async function createTestDatabase(): Promise<{ db: DB; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await withPgClient(adminUrl, (admin) => admin.query(`create database "${name}" template "${inject("templateDatabase")}"`));
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  process.env.DATABASE_URL = url;
  process.env.SIGNALPOST_DATA_DIR = inject("testDataDir");
  const db = createDb(url, { max: 4 });
  // Test files run side by side against one Temporal server, and schedule and workflow ids carry
  // job ids (job:{id}): each database starts its job ids in a block of its own, so two files'
  // "job 1" never share (and steal) one schedule.
  await sql`select setval(pg_get_serial_sequence('datastream_jobs', 'id'), ${1_000_000 + randomInt(0, 2_000_000) * 1000})`.execute(db);
  globalThis.__signalpostDb = db;
  return {
    db,
    url,
    drop: async () => {
      // The app's getDb() may have opened a pool of its own on DATABASE_URL since: close both, so
      // that the forced drop below terminates no connection we still hold. Any other (a leaked
      // pool) is terminated "by administrator command", which every pool of ours logs and survives.
      const appDb = globalThis.__signalpostDb;
      globalThis.__signalpostDb = undefined;
      await db.destroy();
      if (appDb && appDb !== db) await appDb.destroy();
      await withPgClient(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * One test database for the whole file: made before its tests (settings read afresh), dropped
 * after them. The short wait lets work a test started in the background (read-cache maintenance
 * after a commit) finish before its database goes. Read `db` inside hooks and tests.
 */
export function fileTestDatabase(): { readonly db: DB } {
  let current: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
    resetEnvCache();
  });
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 300));
    await current?.drop();
  });
  return {
    get db() {
      if (!current) throw new Error("fileTestDatabase: the database exists once beforeAll has run");
      return current.db;
    },
  };
}
