import { sql, type Kysely } from "kysely";

/**
 * Issue 7 (alerts bench): due alerts are paged in (last_analyze NULLS FIRST, data_source_id, id)
 * order so that the alerts of one account land in the same batch: a batch then reads each account
 * once for all its alerts (the batch's read memo) instead of every batch reading every account.
 * The index keeps the page an index scan stopped at the limit. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists configured_fors_due_idx`.execute(db);
  await sql`create index configured_fors_due_idx on configured_fors (last_analyze asc nulls first, data_source_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists configured_fors_due_idx`.execute(db);
  await sql`create index configured_fors_due_idx on configured_fors (last_analyze asc nulls first, id)`.execute(db);
}
