import { sql, type Kysely } from "kysely";

// Frozen in time: written against Kysely<any>, never edited after it lands.
// Issue 14 "one table, one owner" (decision 0820): each job claims the table it loads on its
// destination; the unique index refuses a second claim of the same key, including two creations
// racing each other. The key is the name trimmed and lower-cased, as db/repositories/data-streams
// writes it. Existing jobs claim their tables oldest first:
// a later job that already shares a table stays without a claim, and its runs refuse to load until
// its table is renamed, so the older job's rows are never replaced.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("datastream_job_tables")
    .addColumn("job_id", "integer", (c) => c.primaryKey().references("datastream_jobs.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("destination_id", "integer", (c) => c.notNull().references("destinations.id").onDelete("cascade"))
    .addColumn("table_key", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("datastream_job_tables_uq").on("datastream_job_tables").columns(["destination_id", "table_key"]).unique().execute();
  await db.schema.createIndex("datastream_job_tables_company_idx").on("datastream_job_tables").column("company_id").execute();
  await sql`
    insert into datastream_job_tables (job_id, company_id, destination_id, table_key)
    select j.id, j.company_id, s.destination_id, lower(btrim(j.table_name))
    from datastream_jobs j join datastreams s on s.id = j.datastream_id
    order by j.id
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("datastream_job_tables").ifExists().execute();
}
