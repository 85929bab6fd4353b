import type { Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
// Issue 14 "runs tell the truth" (decision 0821): a run log keeps the days the job's date preset
// asked for apart from the whole range it read (date_start/date_end also cover the recent days
// re-fetched because the platform may still revise them), and the rows read from the platform
// apart from the rows the destination committed (number_row). Older logs keep nulls and 0.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("job_logs")
    .addColumn("requested_start", "text")
    .addColumn("requested_end", "text")
    .addColumn("extracted_row", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("job_logs").dropColumn("requested_start").dropColumn("requested_end").dropColumn("extracted_row").execute();
}
