import type { Migration } from "kysely/migration";
import * as m20261122000000 from "./20261122000000_accounts_and_auth.js";

/**
 * Every migration, by its timestamp-prefixed name. A static list (rather than reading the
 * folder) works the same under tsx, vitest and bundlers; db/migrations.test.ts fails when a
 * migration file is missing here.
 */
export const migrations: Record<string, Migration> = {
  "20261122000000_accounts_and_auth": m20261122000000,
};
