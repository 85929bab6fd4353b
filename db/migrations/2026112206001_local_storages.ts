import { sql, type Kysely } from "kysely";

/** Issue 9: local-storage pipelines and their sources. Frozen in time. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("local_storages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("options", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("local_storages_company_idx").on("local_storages").column("company_id").execute();
  await db.schema
    .createTable("local_storage_sources")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("local_storage_id", "integer", (c) => c.notNull().references("local_storages.id").onDelete("cascade"))
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("authorization_id", "integer", (c) => c.notNull().references("network_authorizations.id").onDelete("cascade"))
    .addColumn("fields", sql`text[]`, (c) => c.notNull().check(sql`cardinality(fields) > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("local_storage_sources_storage_idx").on("local_storage_sources").column("local_storage_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("local_storage_sources").execute();
  await db.schema.dropTable("local_storages").execute();
}
