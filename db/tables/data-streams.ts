import type { ColumnType, Generated, Selectable } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "../schema.js";

/** Destinations, data streams, jobs and job run logs (issue 6). */
export interface DestinationsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  /** engine/destinations type: big_query, mysql, postgres, ... */
  type: string;
  /** encryptJson of the type's settings (host, password, keys...): never stored in clear. */
  configEncrypted: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DatastreamsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  platform: string;
  destinationId: number;
  createdAt: Timestamp;
}

export type JobStatus = "WAITING" | "ACTIVE" | "PAUSED" | "ERROR" | "BLOCKED";

export interface DatastreamJobsTable {
  id: Generated<number>;
  companyId: number;
  datastreamId: number;
  name: string;
  status: Generated<JobStatus>;
  recurrency: string;
  /** Date preset of each run (LAST_7_DAYS, CUSTOM...). */
  date: string;
  startDate: string | null;
  endDate: string | null;
  hasToBeInitialized: Generated<boolean>;
  isInitialized: Generated<boolean>;
  initializedAt: NullableTimestamp;
  dateInitialization: string | null;
  startDateInitialization: string | null;
  endDateInitialization: string | null;
  shouldRunAllEvenIfFailed: Generated<boolean>;
  /** "All accounts of one source" mode; null in specific-accounts mode. */
  networkAuthorizationId: number | null;
  /**
   * Source field id -> output column name, as a list of pairs: the CamelCasePlugin rewrites the keys
   * of nested objects it reads, which would turn field ids such as campaign_name into campaignName.
   */
  fields: Json<{ id: string; name: string }[]>;
  options: Json<{ key: string; value: string | string[] }[]>;
  tableName: string;
  partitionFieldId: string | null;
  dataType: "csv" | "json" | null;
  lastLaunchedAt: NullableTimestamp;
  lastExtractEnded: NullableTimestamp;
  lastRunSuccess: boolean | null;
  /** When a run was last asked for (Run Now, a new job's first run): Queued until its log opens (issue 19). */
  runRequestedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DatastreamJobAccountsTable {
  jobId: number;
  dataSourceId: number;
}

/** The table a job loads on its destination (decision 0820): one key per destination, one job per key. */
export interface DatastreamJobTablesTable {
  jobId: number;
  companyId: number;
  destinationId: number;
  /** engine/destinations tableKey of the job's table name. */
  tableKey: string;
}

/** One try of an account's slice: Temporal retries a failed or silent attempt with the next number. */
export interface JobLogAttempt {
  attempt: number;
  startedAt: string;
  /** null while it runs, and for an attempt that was never heard of again (worker stopped, heartbeat timeout). */
  endedAt: string | null;
  duration: number | null;
  success: boolean | null;
  message: string | null;
  /** Rows read from the platform. */
  extractedRows: number;
  /** Rows the destination committed: 0 for an attempt that failed (its transaction rolled back). */
  loadedRows: number;
}

export interface JobLogStep {
  dataSourceId: number;
  accountId: string;
  accountName: string;
  /** EXTRACT, LOAD, END_PROCESS */
  step: string;
  success: boolean | null;
  message: string | null;
  /** Rows loaded (committed) by the attempt that counts. */
  numberRow: number;
  /** Rows read from the platform by that attempt (absent in logs written before issue 14). */
  extractedRows?: number;
  dateStart: string | null;
  dateEnd: string | null;
  /** From the first attempt's start to the last attempt's end: retries and their waits included. */
  startedAt: string;
  endedAt: string | null;
  duration: number | null;
  /** Every attempt, oldest first (absent in logs written before issue 14). */
  attempts?: JobLogAttempt[];
}

export interface JobLogsTable {
  id: Generated<number>;
  companyId: number;
  jobId: number;
  /** The run id (Temporal workflow id), shared with the connection logs of the run. */
  requestId: string;
  kind: Generated<"run" | "backfill">;
  /** Every day the run read: the requested days and the recent days re-fetched before them. */
  dateStart: string | null;
  dateEnd: string | null;
  /** The days the job's date preset (or the backfill chunk) asked for; null in logs before issue 14. */
  requestedStart: string | null;
  requestedEnd: string | null;
  startedAt: Timestamp;
  endedAt: NullableTimestamp;
  duration: number | null;
  lastStepReached: Generated<string>;
  /** null while running. */
  success: boolean | null;
  /** Rows the destination committed. */
  numberRow: Generated<number>;
  /** Rows read from the platform (more than numberRow when a load failed and rolled back). */
  extractedRow: Generated<number>;
  message: string | null;
  memoryFootprint: ColumnType<number | null, number | bigint | null | undefined, number | bigint | null>;
  steps: Json<JobLogStep[]>;
  createdAt: Timestamp;
}

export interface DataStreamTables {
  destinations: DestinationsTable;
  datastreams: DatastreamsTable;
  datastreamJobs: DatastreamJobsTable;
  datastreamJobAccounts: DatastreamJobAccountsTable;
  datastreamJobTables: DatastreamJobTablesTable;
  jobLogs: JobLogsTable;
}

export type Destination = Selectable<DestinationsTable>;
export type Datastream = Selectable<DatastreamsTable>;
/** A job as the code uses it: fields and options as records (see DatastreamJobsTable.fields). */
export type DatastreamJob = Omit<Selectable<DatastreamJobsTable>, "fields" | "options"> & {
  fields: Record<string, string>;
  options: Record<string, string | string[]>;
};
export type JobLog = Selectable<JobLogsTable>;
