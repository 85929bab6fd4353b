import { Migrator, type MigrationProvider } from "kysely/migration";
import { sql, type Kysely } from "kysely";
import { migrations } from "./migrations/index.js";

// Unordered: engineers land migrations in parallel, so an older-named one may arrive after a newer one ran.
const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Migrations renamed after they landed, old name -> new name. The two first migrations carried
 * 14-digit prefixes while every other one has 13 (decision 0006); a database that ran them under
 * the old names has its migration log renamed before the migrator compares it with the index.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  "20261122000000_accounts_and_auth": "2026112200000_accounts_and_auth",
  "20261122020000_query_urls": "2026112202000_query_urls",
};

async function applyRenames(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return;
  for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
    await sql`update kysely_migration set name = ${to} where name = ${from}`.execute(db);
  }
}

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  await applyRenames(db);
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
