// The destination contract: every destination type (engine/destinations/<type>/) answers three
// questions. check: can we reach it with these settings; prepare: make the table (or prefix) fit
// these columns; load: replace whole (account, date) partitions with these rows, atomically.
// Nothing here does I/O; drivers load lazily (each folder's open.ts, imported by registry.ts only
// when a destination is opened) so that importing the registry never pulls pg, mysql2 or a cloud
// SDK into a bundle that does not load data.
import type { DateRange, Row } from "../core/types.js";
import type { OutboundGuard } from "../core/outbound.js";

/** The option type values (spec 2 §2): one per folder with a destination.ts (decision 0870). */
export type DestinationType = (typeof import("./folders.generated.js").DESTINATION_FOLDERS)[number]["destination"]["type"];

/** sql: a warehouse table with columns; storage: objects under a prefix (csv or json). */
export type DestinationKind = "sql" | "storage";

/** The column types every destination can map (columns.ts maps field types onto them). */
export type ColumnType = "text" | "double" | "date" | "timestamp" | "boolean";

export interface DestinationColumn {
  name: string;
  type: ColumnType;
}

export type DataFormat = "csv" | "json";

/**
 * What a job writes: a table name (an object prefix for storage destinations), its columns in order
 * (the system column `_account_id` first, added by describeTable), and the partition columns the
 * user chose (spec 2 §5: one for BigQuery, several for the other SQL types).
 */
export interface LoadTable {
  name: string;
  columns: DestinationColumn[];
  partitionColumns: string[];
  /** Storage destinations only. */
  dataType?: DataFormat;
}

/**
 * The slice a load replaces: every row of one account, and, when the table has a date column,
 * only the days of `range` (inclusive). Rows outside the scope are refused, so a load can never
 * touch data it did not delete first.
 */
export interface PartitionScope {
  accountId: string;
  dateColumn?: string;
  range?: DateRange;
}

export interface LoadRequest {
  table: LoadTable;
  scope: PartitionScope;
  /** Rows keyed by column name; `_account_id` is filled in by the loader. */
  rows: AsyncIterable<Row[]> | Iterable<Row[]>;
  /** Called after each batch is written (activities heartbeat from here). */
  onProgress?: (rowsSoFar: number) => void;
  signal?: AbortSignal;
}

export interface LoadResult {
  rows: number;
  /** Days replaced (1 when the table has no date column). */
  partitions: number;
}

export interface DestinationLoader {
  readonly type: DestinationType;
  /** Throws DestinationError (kind config) when the destination refuses us. */
  check(): Promise<void>;
  /** Create the table (or nothing, for storage) and add the columns it lacks. Never drops one. */
  prepare(table: LoadTable): Promise<void>;
  load(request: LoadRequest): Promise<LoadResult>;
  close(): Promise<void>;
}

export const ACCOUNT_COLUMN = "_account_id";

/** A folder's open.ts: the loader for a destination's stored settings (server only; it imports the driver). */
export interface OpenOptions {
  /**
   * The outbound-address guard (decision 0840): hosts, endpoints and connection strings are the
   * tenant's, so every driver connects only where the guard allows. Google's destinations ignore
   * it (their hosts are fixed; only the operator's endpoint settings move them).
   */
  outbound: OutboundGuard;
}

export type DestinationOpener = (config: Record<string, string>, options: OpenOptions) => DestinationLoader;

/** A setting that may be absent or empty (operator-only endpoints, optional warehouse or role). */
export const optionalSetting = (config: Record<string, string>, name: string): string | undefined => config[name] || undefined;
