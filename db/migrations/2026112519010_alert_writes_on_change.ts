import { sql, type Kysely } from "kysely";

/**
 * Issue 20 item 4 (decision 0891): an alert pass writes a result, a history and a run only when
 * something changed. A result keeps the digest of its content (null for rows written before: they
 * are written once more). A run whose outcome (status, counts, message) repeats the previous one
 * is counted on the configured alert (run_repeats; last_run_id: that row is updated by every pass
 * anyway) instead of inserted; when the outcome changes, the previous run's span is closed on its
 * row (repeats, last_analyzed_at) and the new run is inserted. The detail page's timeline shows
 * each run row with the unchanged runs that followed it. Existing alerts point at their newest
 * run. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("alert_results").addColumn("digest", "text").execute();
  await db.schema
    .alterTable("alert_runs")
    .addColumn("repeats", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_analyzed_at", "timestamptz")
    .execute();
  await db.schema
    .alterTable("configured_fors")
    .addColumn("last_run_id", "bigint")
    .addColumn("run_repeats", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update configured_fors cf set last_run_id = r.id
    from (select distinct on (configured_for_id) configured_for_id, id from alert_runs order by configured_for_id, analyzed_at desc, id desc) r
    where r.configured_for_id = cf.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("alert_results").dropColumn("digest").execute();
  await db.schema.alterTable("configured_fors").dropColumn("last_run_id").dropColumn("run_repeats").execute();
  await db.schema.alterTable("alert_runs").dropColumn("repeats").dropColumn("last_analyzed_at").execute();
}
