import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 20 item 2 (decision 0895): each chunk of the read cache also keeps its rows as CSV
 * records (the csv writer's output for the chunk, raw-deflated in Node like the JSON form), so a
 * csv query URL sends stored bytes instead of deriving them from the JSON text on every read.
 * The same row as the JSON form: one key, one delete, one size (the partition's byte_size counts
 * both). Chunks stored before have none and are written from their JSON form. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("read_cache_chunks").addColumn("csv_deflated", "bytea").execute();
  // Already compressed in Node: PostgreSQL's own compression would only cost time.
  await sql`alter table read_cache_chunks alter column csv_deflated set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("read_cache_chunks").dropColumn("csv_deflated").execute();
}
