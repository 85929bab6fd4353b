import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
// Monitoring (issue 7): alerts, their bindings to accounts, results, histories, runs,
// notifications, daily account statistics and URL checks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sentries")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("use_as_template", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("pivot", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("tags", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sentries_company_idx").on("sentries").columns(["company_id", "use_as_template"]).execute();

  await db.schema
    .createTable("configured_fors")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("sentry_id", "integer", (c) => c.notNull().references("sentries.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("snoozed", "timestamptz")
    .addColumn("last_analyze", "timestamptz")
    .addColumn("status", "text")
    .addColumn("entity_analyzed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("entity_in_alert", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notified_status", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("configured_fors_sentry_source_key", ["sentry_id", "data_source_id"])
    .execute();
  await db.schema.createIndex("configured_fors_company_idx").on("configured_fors").columns(["company_id", "data_source_id"]).execute();
  await db.schema.createIndex("configured_fors_due_idx").on("configured_fors").columns(["last_analyze", "id"]).execute();

  await db.schema
    .createTable("alert_results")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("configured_for_id", "integer", (c) => c.notNull().references("configured_fors.id").onDelete("cascade"))
    .addColumn("identification_key", "text", (c) => c.notNull())
    .addColumn("identifications", "text", (c) => c.notNull())
    .addColumn("identifier_name", "text", (c) => c.notNull())
    .addColumn("last_status", "text", (c) => c.notNull())
    .addColumn("last_analyze", "timestamptz", (c) => c.notNull())
    .addColumn("still_changing", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("last_result", "text", (c) => c.notNull())
    .addUniqueConstraint("alert_results_identification_key", ["configured_for_id", "identification_key"])
    .execute();

  await db.schema
    .createTable("alert_histories")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("result_id", "integer", (c) => c.notNull().references("alert_results.id").onDelete("cascade"))
    .addColumn("configured_for_id", "integer", (c) => c.notNull().references("configured_fors.id").onDelete("cascade"))
    .addColumn("analyzed_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("alert_histories_result_idx").on("alert_histories").columns(["result_id", "analyzed_at"]).execute();
  await db.schema.createIndex("alert_histories_configured_for_idx").on("alert_histories").columns(["configured_for_id"]).execute();

  await db.schema
    .createTable("alert_runs")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("configured_for_id", "integer", (c) => c.notNull().references("configured_fors.id").onDelete("cascade"))
    .addColumn("analyzed_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("entity_analyzed", "integer", (c) => c.notNull())
    .addColumn("entity_in_alert", "integer", (c) => c.notNull())
    .addColumn("message", "text")
    .execute();
  await db.schema.createIndex("alert_runs_configured_for_idx").on("alert_runs").columns(["configured_for_id", "analyzed_at"]).execute();

  await db.schema
    .createTable("alert_notifications")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("configured_for_id", "integer", (c) => c.notNull().references("configured_fors.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("alert_notifications_configured_for_idx").on("alert_notifications").columns(["configured_for_id"]).execute();

  await db.schema
    .createTable("account_daily_stats")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("impressions", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("cost", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("conversions", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("account_daily_stats_pkey", ["data_source_id", "date"])
    .execute();

  await db.schema
    .createTable("url_checks")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("last_crawl", "timestamptz")
    .addColumn("last_status", "integer")
    .addColumn("cost_yesterday", "double precision")
    .addColumn("histories", "text", (c) => c.notNull().defaultTo("[]"))
    .addUniqueConstraint("url_checks_source_url_key", ["data_source_id", "url"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["url_checks", "account_daily_stats", "alert_notifications", "alert_runs", "alert_histories", "alert_results", "configured_fors", "sentries"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
