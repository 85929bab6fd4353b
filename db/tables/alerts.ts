import type { ColumnType, Generated, Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/**
 * Monitoring (issue 7). JSON payloads (definitions, identifications, results) are stored as
 * text and parsed in db/repositories/alerts.ts: the CamelCasePlugin rewrites the keys of jsonb
 * values on read, which would turn a field id such as campaign_id into campaignId.
 */
export type AlertStatusValue = "ANOMALY" | "OK" | "NO_DATA";

/** An alert ("sentry", spec 1 §3): its definition is engine/alerts AlertDefinition as JSON. */
export interface SentriesTable {
  id: Generated<number>;
  companyId: number;
  title: string;
  type: "metric" | "kpi" | "pacing" | "objective";
  useAsTemplate: Generated<boolean>;
  pivot: Generated<boolean>;
  /** JSON of { variables, requests }. */
  definition: string;
  /** The platform the template applies to (templates are per platform). */
  platform: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** What a template watches and why (shown in the picker). */
  description: string | null;
  createdById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An alert bound to an account (spec 1 §3 configured-for), with its last evaluation summary. */
export interface ConfiguredForsTable {
  id: Generated<number>;
  companyId: number;
  sentryId: number;
  dataSourceId: number;
  snoozed: NullableTimestamp;
  lastAnalyze: NullableTimestamp;
  /** ANOMALY when any result is in anomaly; null before the first run. */
  status: AlertStatusValue | null;
  entityAnalyzed: Generated<number>;
  entityInAlert: Generated<number>;
  /** The status the last notification was sent for: notify once per change, not per run. */
  notifiedStatus: AlertStatusValue | null;
  lastError: string | null;
  /** The newest run row; the runs since it with the same outcome are counted in runRepeats (decision 0891). */
  lastRunId: number | null;
  runRepeats: Generated<number>;
  /** A Run now asked at this time and not landed yet (last_analyze older). */
  runRequestedAt: NullableTimestamp;
  /** Digest of what the last successful evaluation read (decision 0894); null: evaluate next pass. */
  inputKey: string | null;
  createdAt: Timestamp;
}

/** One identification's (account, campaign, ...) current result. */
export interface AlertResultsTable {
  id: Generated<number>;
  companyId: number;
  configuredForId: number;
  identificationKey: string;
  /** JSON object, e.g. {"campaign_id":"123"}. */
  identifications: string;
  identifierName: string;
  lastStatus: AlertStatusValue;
  lastAnalyze: Timestamp;
  stillChanging: Generated<boolean>;
  /** JSON of engine EntityResult (conditions, chart series). */
  lastResult: string;
  /** Digest of the stored content (identifications, name, status, still changing, result): a run that computes the same writes nothing (decision 0891). */
  digest: string | null;
  /** When the current anomaly started (null when not in anomaly). */
  anomalySince: NullableTimestamp;
}

/** Each evaluation of one identification (the result's histories). */
export interface AlertHistoriesTable {
  id: Generated<number>;
  companyId: number;
  resultId: number;
  configuredForId: number;
  analyzedAt: Timestamp;
  status: AlertStatusValue;
  /** JSON of the conditions (value, reference, change) and the pacing chart when any. */
  result: string;
}

/** One evaluation of one configured-for (the detail page's "Analyzed on" timeline). */
export interface AlertRunsTable {
  id: Generated<number>;
  companyId: number;
  configuredForId: number;
  analyzedAt: Timestamp;
  status: AlertStatusValue | "ERROR";
  entityAnalyzed: number;
  entityInAlert: number;
  message: string | null;
  /** Runs after this one with the same outcome, once a later run changed it (the newest run's are on its configured alert). */
  repeats: Generated<number>;
  /** The last of those runs. */
  lastAnalyzedAt: NullableTimestamp;
}

/** Notifications sent (e-mail per assignee, Slack per company), once per status change. */
export interface AlertNotificationsTable {
  id: Generated<number>;
  companyId: number;
  configuredForId: number;
  status: AlertStatusValue;
  channel: "email" | "slack";
  recipient: string;
  sentAt: Timestamp;
  error: string | null;
}

/** Daily account statistics for the client area's metric cards, refreshed by the worker. */
export interface AccountDailyStatsTable {
  companyId: number;
  dataSourceId: number;
  date: string;
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
  updatedAt: Timestamp;
}

/** URL checker (spec 1 §3 Url check): one row per URL and account. */
export interface UrlChecksTable {
  id: Generated<number>;
  companyId: number;
  dataSourceId: number;
  url: string;
  lastCrawl: NullableTimestamp;
  lastStatus: number | null;
  costYesterday: number | null;
  /** JSON list of {status, date, costYesterday}, newest first. */
  histories: string;
}

/**
 * Every day as the platform reported it at `age` days old (decision 0880), per account, read scope
 * (level and filters) and entity: `metrics` is JSON {metric: number}. A trend on a still-changing
 * day compares like with like through them.
 */
export interface AlertDaySnapshotsTable {
  companyId: number;
  dataSourceId: number;
  scope: string;
  entityKey: string;
  day: string;
  age: number;
  metrics: string;
  recordedAt: Timestamp;
}

export interface AlertTables {
  alertDaySnapshots: AlertDaySnapshotsTable;
  sentries: SentriesTable;
  configuredFors: ConfiguredForsTable;
  alertResults: AlertResultsTable;
  alertHistories: AlertHistoriesTable;
  alertRuns: AlertRunsTable;
  alertNotifications: AlertNotificationsTable;
  accountDailyStats: AccountDailyStatsTable;
  urlChecks: UrlChecksTable;
}

export type SentryRow = Selectable<SentriesTable>;
export type ConfiguredForRow = Selectable<ConfiguredForsTable>;
export type AlertResultRow = Selectable<AlertResultsTable>;
