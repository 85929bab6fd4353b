import { sql, type Kysely } from "kysely";

/**
 * Issue 7 (alerts bench): the due-alert page (listConfiguredForsToEvaluate) orders by
 * last_analyze NULLS FIRST, id; the index was (last_analyze, id) with the default NULLS LAST, so
 * every page joined and sorted all configured alerts (20 ms at 10,000, growing with the table).
 * With NULLS FIRST the page is an index scan stopped at the limit (7 ms at 10,000, flat).
 * Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists configured_fors_due_idx`.execute(db);
  await sql`create index configured_fors_due_idx on configured_fors (last_analyze asc nulls first, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists configured_fors_due_idx`.execute(db);
  await sql`create index configured_fors_due_idx on configured_fors (last_analyze, id)`.execute(db);
}
