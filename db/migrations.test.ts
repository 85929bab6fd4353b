import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrations } from "./migrations/index.js";
import { createMigrator, migrateToLatest, RENAMED_MIGRATIONS } from "./migrate.js";
import { createTestDatabase } from "../tests/support/database.js";
import type { DB } from "./connection.js";

describe("migrations", () => {
  it("lists every timestamp-prefixed file of db/migrations in the index", () => {
    const files = fs
      .readdirSync(path.join(__dirname, "migrations"))
      .filter((f) => /^\d+_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ""));
    expect(files.length).toBeGreaterThan(0);
    // One prefix shape, YYYYMMDD + 5 digits, so names sort the way they were written.
    expect(files.filter((f) => !/^\d{13}_/.test(f))).toEqual([]);
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
  });

  let db: DB;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDatabase()));
  afterAll(async () => drop());

  it("migrates all the way down and back up", async () => {
    const migrator = createMigrator(db);
    for (;;) {
      const { error, results } = await migrator.migrateDown();
      expect(error).toBeUndefined();
      if (!results?.length) break;
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'companies'`.execute(db);
    expect(rows[0].n).toBe(0);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.length).toBe(Object.keys(migrations).length);
  });

  it("a database that ran migrations under their old names migrates cleanly", async () => {
    for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) await sql`update kysely_migration set name = ${from} where name = ${to}`.execute(db);
    expect(await migrateToLatest(db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const names = rows.map((r) => r.name);
    for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
      expect(names).toContain(to);
      expect(names).not.toContain(from);
    }
  });
});
