import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
// Destinations, data streams, their jobs (with the accounts they read) and job run logs (issue 6).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("destinations")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("config_encrypted", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("destinations_company_idx").on("destinations").column("company_id").execute();

  await db.schema
    .createTable("datastreams")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("destination_id", "integer", (c) => c.notNull().references("destinations.id").onDelete("restrict"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("datastreams_company_idx").on("datastreams").column("company_id").execute();

  await db.schema
    .createTable("datastream_jobs")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("datastream_id", "integer", (c) => c.notNull().references("datastreams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("WAITING"))
    .addColumn("recurrency", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("has_to_be_initialized", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_initialized", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("initialized_at", "timestamptz")
    .addColumn("date_initialization", "text")
    .addColumn("start_date_initialization", "text")
    .addColumn("end_date_initialization", "text")
    .addColumn("should_run_all_even_if_failed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("network_authorization_id", "integer", (c) => c.references("network_authorizations.id").onDelete("cascade"))
    .addColumn("fields", "jsonb", (c) => c.notNull())
    .addColumn("options", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("partition_field_id", "text")
    .addColumn("data_type", "text")
    .addColumn("last_launched_at", "timestamptz")
    .addColumn("last_extract_ended", "timestamptz")
    .addColumn("last_run_success", "boolean")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("datastream_jobs_stream_idx").on("datastream_jobs").columns(["company_id", "datastream_id"]).execute();

  await db.schema
    .createTable("datastream_job_accounts")
    .addColumn("job_id", "integer", (c) => c.notNull().references("datastream_jobs.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("datastream_job_accounts_pk", ["job_id", "data_source_id"])
    .execute();

  await db.schema
    .createTable("job_logs")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("job_id", "integer", (c) => c.notNull().references("datastream_jobs.id").onDelete("cascade"))
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("run"))
    .addColumn("date_start", "text")
    .addColumn("date_end", "text")
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("ended_at", "timestamptz")
    .addColumn("duration", "integer")
    .addColumn("last_step_reached", "text", (c) => c.notNull().defaultTo("START"))
    .addColumn("success", "boolean")
    .addColumn("number_row", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("message", "text")
    .addColumn("memory_footprint", "bigint")
    .addColumn("steps", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One log per run (a retried activity finds and updates it instead of adding a second).
  await db.schema.createIndex("job_logs_request_uq").on("job_logs").columns(["job_id", "request_id"]).unique().execute();
  await db.schema.createIndex("job_logs_job_started_idx").on("job_logs").columns(["job_id", "started_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["job_logs", "datastream_job_accounts", "datastream_jobs", "datastreams", "destinations"]) await db.schema.dropTable(t).ifExists().execute();
}
