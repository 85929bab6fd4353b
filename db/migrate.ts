import { Migrator, type MigrationProvider } from "kysely/migration";
import type { Kysely } from "kysely";
import { migrations } from "./migrations/index.js";

// Unordered: engineers land migrations in parallel, so an older-named one may arrive after a newer one ran.
const provider: MigrationProvider = { getMigrations: async () => migrations };

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
