import type { Kysely } from "kysely";

/**
 * Issue 19: a run asked for (Run Now, or the first run of a new job) shows as Queued until its
 * workflow opens the run's log, which takes seconds (Temporal starts a triggered schedule's
 * workflow asynchronously). datastream_jobs.run_requested_at is when it was asked for. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("datastream_jobs").addColumn("run_requested_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("datastream_jobs").dropColumn("run_requested_at").execute();
}
