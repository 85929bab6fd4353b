import type { ColumnType, Selectable } from "kysely";
import type { Json, Timestamp } from "../schema.js";

/**
 * The read cache (issue 20, decision 0890): day partitions of what connectors returned, stored as
 * rows as their JSON text (engine/query/cells.ts). db/repositories/read-cache.ts is the only code that
 * touches these tables.
 */
export interface ReadCachePartitionsTable {
  companyId: number;
  dataSourceId: number;
  /** Digest of the read shape: report, options, fields, filters, granularity. */
  partitionKey: string;
  /** YYYY-MM-DD in the account's timezone. */
  day: string;
  /** Field ids of each row's values, in order. */
  layout: Json<string[]>;
  /** The catalogue's definitions of the layout's fields when the rows were read. */
  fingerprint: string;
  /** The fill whose chunks hold this day's rows. */
  fillId: string;
  /** When the platform read that produced the rows started. */
  fetchedAt: ColumnType<Date, Date | string, Date | string>;
  lastReadAt: ColumnType<Date, Date | string, Date | string>;
  rowCount: number;
  /** Bytes of the rows' stored forms before compression, JSON and CSV together (what the per-company limit counts). */
  byteSize: number;
}

export interface ReadCacheChunksTable {
  fillId: string;
  day: string;
  seq: number;
  companyId: number;
  dataSourceId: number;
  rowCount: number;
  /** The chunk's rows (engine/query/cells.ts), UTF-8, raw-deflated: db/repositories/read-cache.ts deflates and inflates them. */
  deflated: Buffer;
  /** The same rows as CSV records in the layout's order (the csv writer's output), raw-deflated; null for chunks stored before decision 0895. */
  csvDeflated: Buffer | null;
  /** Each form's length in bytes before deflate (the reader's output buffer); null for chunks stored before migration 2026112602000. */
  byteLength: number | null;
  csvByteLength: number | null;
  createdAt: Timestamp;
}

export interface ReadCacheResetsTable {
  dataSourceId: number;
  companyId: number;
  /** Bumped by every reset: a fill started under an older generation is refused. */
  generation: number;
  resetAt: Timestamp;
}

export interface ReadCacheTables {
  readCachePartitions: ReadCachePartitionsTable;
  readCacheChunks: ReadCacheChunksTable;
  readCacheResets: ReadCacheResetsTable;
}

export type ReadCachePartition = Selectable<ReadCachePartitionsTable>;
