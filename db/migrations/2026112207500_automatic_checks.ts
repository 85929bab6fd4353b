import { sql, type Kysely } from "kysely";

/** Issue 7: stored results of the scheduled security and conversion-tag checks. Frozen in time. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("security_items")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("verified_by", "text")
    .addColumn("verified_at", "text")
    .addColumn("checked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("security_items_pkey", ["data_source_id", "domain"])
    .execute();
  await db.schema
    .createTable("conversion_tags")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("tag_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("last_view", "text")
    .addColumn("checked_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("conversion_tags_pkey", ["data_source_id", "tag_id"])
    .execute();
  await db.schema
    .createTable("automatic_check_runs")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('security', 'conversion_tag')`))
    .addColumn("checked_at", "timestamptz", (c) => c.notNull())
    .addColumn("in_error", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("succeeded_at", "timestamptz")
    .addPrimaryKeyConstraint("automatic_check_runs_pkey", ["data_source_id", "kind"])
    .execute();
  for (const t of ["security_items", "conversion_tags", "automatic_check_runs"]) {
    await db.schema.createIndex(`${t}_company_idx`).on(t).column("company_id").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["automatic_check_runs", "conversion_tags", "security_items"]) await db.schema.dropTable(t).ifExists().execute();
}
