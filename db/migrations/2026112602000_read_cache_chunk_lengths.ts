import type { Kysely } from "kysely";

/**
 * Issue 20 item 2: each form of a read-cache chunk records its length before deflate, so a reader
 * inflates it into one buffer of exactly that size (zlib's 16 KB output pieces and their
 * concatenation cost a cached answer more CPU than inflating). Null for chunks stored before:
 * they are inflated as before. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("read_cache_chunks").addColumn("byte_length", "integer").addColumn("csv_byte_length", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("read_cache_chunks").dropColumn("byte_length").dropColumn("csv_byte_length").execute();
}
