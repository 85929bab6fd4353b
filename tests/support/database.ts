import { randomInt } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type DB } from "../../db/connection.js";

/**
 * A fresh, migrated database for one test file, cloned from the template the global setup made.
 * Also points the app's own getDb() at it (DATABASE_URL) so routes and services under test use it.
 */
export async function createTestDatabase(): Promise<{ db: DB; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject("templateDatabase")}"`);
  await admin.end();
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
      await db.destroy();
      globalThis.__signalpostDb = undefined;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
