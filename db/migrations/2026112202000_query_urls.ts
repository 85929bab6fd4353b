import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("connections")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("network_authorization_id", "integer", (c) => c.notNull().references("network_authorizations.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("destination_type", "text", (c) => c.notNull())
    .addColumn("destination_id", "integer")
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One connection per account and destination; query URLs have no destination id.
  await sql`create unique index connections_identity_uq on connections (company_id, data_source_id, destination_type, coalesce(destination_id, 0))`.execute(db);
  await db.schema.createIndex("connections_company_seen_idx").on("connections").columns(["company_id", "last_seen_at"]).execute();

  await db.schema
    .createTable("connection_logs")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("connection_id", "integer", (c) => c.notNull().references("connections.id").onDelete("cascade"))
    .addColumn("date_start", "text")
    .addColumn("date_end", "text")
    .addColumn("start_of_the_request", "timestamptz", (c) => c.notNull())
    .addColumn("ended_at", "timestamptz")
    .addColumn("oauth_id", "integer")
    .addColumn("message", "text")
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("http_status", "integer")
    .addColumn("success", "boolean", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("memory_footprint", "bigint")
    .addColumn("from_cache", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("number_row", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fields", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("connection_logs_company_start_idx").on("connection_logs").columns(["company_id", "start_of_the_request"]).execute();
  await db.schema.createIndex("connection_logs_connection_start_idx").on("connection_logs").columns(["connection_id", "start_of_the_request"]).execute();
  await db.schema.createIndex("connection_logs_request_idx").on("connection_logs").column("request_id").execute();

  await db.schema
    .createTable("saved_queries")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("json", "jsonb", (c) => c.notNull())
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("saved_queries_company_idx").on("saved_queries").columns(["company_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_queries").execute();
  await db.schema.dropTable("connection_logs").execute();
  await db.schema.dropTable("connections").execute();
}
