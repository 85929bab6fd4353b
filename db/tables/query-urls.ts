import type { ColumnType, Generated, Selectable } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "../schema.js";

/**
 * Query URLs and connections (issue 5). A connection is one account (data source) feeding one
 * destination: a query-URL format (JSON, CSV, TABLEAU, POWERBI) or a data stream's destination.
 * Every request or run appends connection logs through recordConnectionLog
 * (db/repositories/connection-logs.ts).
 */
export interface ConnectionsTable {
  id: Generated<number>;
  companyId: number;
  dataSourceId: number;
  /** The source (network authorization) the account is read through. */
  networkAuthorizationId: number;
  platform: string;
  name: string;
  /** Spec 2 §3 destination identifiers: JSON, CSV, TABLEAU, POWERBI, API, MYSQL, ... */
  destinationType: string;
  /** The configured destination (data streams); null for query URLs. 0 is never used. */
  destinationId: number | null;
  lastSeenAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface ConnectionLogsTable {
  id: Generated<number>;
  companyId: number;
  connectionId: number;
  /** The date range read (account-local days). */
  dateStart: string | null;
  dateEnd: string | null;
  startOfTheRequest: ColumnType<Date, Date | string, Date | string>;
  endedAt: NullableTimestamp;
  /** The source (network authorization) id the read went through. */
  oauthId: number | null;
  message: string | null;
  /** Groups the logs of one request or one job run. */
  requestId: string;
  userId: number | null;
  httpStatus: number | null;
  success: boolean;
  /** Bytes written for this account. */
  size: ColumnType<number, number | bigint, number | bigint>;
  /** Milliseconds. */
  duration: number;
  memoryFootprint: ColumnType<number | null, number | bigint | null | undefined, number | bigint | null>;
  fromCache: boolean;
  /** Days of the range read from the platform, and served from the read cache (null: not counted). */
  daysFromPlatform: number | null;
  daysFromCache: number | null;
  numberRow: number;
  fields: Json<string[]>;
  createdAt: Timestamp;
}

export interface SavedQueriesTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  json: Json<Record<string, unknown>>;
  createdById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface QueryUrlTables {
  connections: ConnectionsTable;
  connectionLogs: ConnectionLogsTable;
  savedQueries: SavedQueriesTable;
}

export type Connection = Selectable<ConnectionsTable>;
export type ConnectionLog = Selectable<ConnectionLogsTable>;
export type SavedQuery = Selectable<SavedQueriesTable>;
