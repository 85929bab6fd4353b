import { sql, type Kysely } from "kysely";

/**
 * Issue 20 (decision 0890): the read cache. A partition is one account's rows for one day of one
 * read shape (report, options, fields, filters, granularity: partition_key); its rows live in
 * chunks of rows written by one fill (fill_id) and swapped in when the fill commits, so a
 * reader never sees two fills' rows for a day. Chunks are deflated in Node and stored without
 * PostgreSQL's compression (bench/read-cache/storage.ts, decision 0890). read_cache_resets counts how often an account's cache was
 * emptied (source reconnected, account blocked, Refresh data): a fill that started under an older
 * generation is not committed. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("read_cache_partitions")
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("partition_key", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull().check(sql`day ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn("layout", "jsonb", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("fill_id", "uuid", (c) => c.notNull())
    .addColumn("fetched_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_read_at", "timestamptz", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    // An account belongs to one company: (account, key, day) identifies a partition. The key
    // leads with the account so that it serves every lookup (an account's days, its resets, the
    // cascade from data_sources) and no other index is a candidate for them: with a
    // company-leading index next to it, a table not yet analysed was read through a BitmapAnd
    // of every row of the company (85 ms instead of 0.04 ms a read at 60,000 partitions).
    .addPrimaryKeyConstraint("read_cache_partitions_pkey", ["data_source_id", "partition_key", "day"])
    .execute();
  await db.schema.createIndex("read_cache_partitions_lru_idx").on("read_cache_partitions").columns(["company_id", "last_read_at"]).execute();
  await db.schema.createIndex("read_cache_partitions_fill_idx").on("read_cache_partitions").columns(["fill_id", "day"]).execute();

  await db.schema
    .createTable("read_cache_chunks")
    .addColumn("fill_id", "uuid", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    // Scoped by company in every statement; removed with its account (a company's accounts go with it).
    // No index on company_id: chunks are reached by their fill (the key), and an index on the
    // company tempted the planner into reading all of a company's chunks for one day's rows.
    .addColumn("company_id", "integer", (c) => c.notNull())
    .addColumn("data_source_id", "integer", (c) => c.notNull().references("data_sources.id").onDelete("cascade"))
    .addColumn("row_count", "integer", (c) => c.notNull())
    // The chunk's rows as UTF-8 text, raw-deflated in Node (zlib level 1) and stored as they are:
    // as fast to serve as PostgreSQL's own compression, about as small, and 12x cheaper to write
    // (bench/read-cache/storage.ts, decision 0890).
    .addColumn("deflated", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("read_cache_chunks_pkey", ["fill_id", "day", "seq"])
    .execute();
  await sql`alter table read_cache_chunks alter column deflated set storage external`.execute(db);
  await db.schema.createIndex("read_cache_chunks_created_idx").on("read_cache_chunks").column("created_at").execute();
  await db.schema.createIndex("read_cache_chunks_data_source_idx").on("read_cache_chunks").column("data_source_id").execute();

  await db.schema
    .createTable("read_cache_resets")
    .addColumn("data_source_id", "integer", (c) => c.primaryKey().references("data_sources.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("generation", "integer", (c) => c.notNull())
    .addColumn("reset_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("read_cache_resets_company_idx").on("read_cache_resets").column("company_id").execute();

  // The connection log says how much of each read came from the platform.
  await db.schema.alterTable("connection_logs").addColumn("days_from_platform", "integer").execute();
  await db.schema.alterTable("connection_logs").addColumn("days_from_cache", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("connection_logs").dropColumn("days_from_cache").execute();
  await db.schema.alterTable("connection_logs").dropColumn("days_from_platform").execute();
  for (const t of ["read_cache_resets", "read_cache_chunks", "read_cache_partitions"]) await db.schema.dropTable(t).ifExists().execute();
}
