/**
 * Types shared by workflows, activities and the app's client calls. Workflows import only this
 * and activity types: no database, no engine, no Node built-ins (they run in Temporal's sandbox).
 */
export const DEFAULT_TASK_QUEUE = "signalpost";

export type HealthProbeInput = { requestedAt: string };
export type HealthProbeResult = { database: "ok"; checkedAt: string; workerPid: number };

// ---- data streams (issue 6) -------------------------------------------------------------------
export type DateRangeInput = { start: string; end: string };

/** The one argument of runJob: ids only (credentials never enter workflow history). */
export type RunJobInput = { companyId: number; jobId: number; /** How fast a dead worker is noticed (default 60 s). */ heartbeatSeconds?: number };
/** initializeJob: the backfill; `chunks` carries what is left after a continueAsNew. */
export type InitializeJobInput = { companyId: number; jobId: number; chunks?: DateRangeInput[]; chunkDays?: number; done?: number; heartbeatSeconds?: number };

export type PlanRunInput = { companyId: number; jobId: number; requestId: string; kind: "run" | "backfill"; range?: DateRangeInput };
export type JobRunPlan = {
  logId: number;
  shouldRunAllEvenIfFailed: boolean;
  accounts: { dataSourceId: number; range: DateRangeInput }[];
  skipped: number;
  allBlocked: boolean;
};
export type AccountSliceInput = { companyId: number; jobId: number; logId: number; requestId: string; dataSourceId: number; range: DateRangeInput };
export type AccountSliceResult = { rows: number; success: boolean };
export type FinishRunInput = { companyId: number; jobId: number; logId: number; kind: "run" | "backfill"; success: boolean; message: string | null; allBlocked?: boolean };
export type RunJobResult = { rows: number; failedAccounts: number; accounts: number };

export const jobScheduleId = (jobId: number): string => `job:${jobId}`;
export const jobInitWorkflowId = (jobId: number): string => `job-init:${jobId}`;

// ---- monitoring (issue 7) ---------------------------------------------------------------------
/** evaluateAlerts: every due configured alert (scheduled), or the given ones (right after creation). */
export type EvaluateAlertsInput = { companyId?: number; configuredForIds?: number[]; batchSize?: number; parallelBatches?: number; dueBefore?: string; totals?: AlertBatchResult; rounds?: number };
export type ListDueAlertsInput = { dueBefore: string; limit: number; companyId?: number; configuredForIds?: number[] };
export type AlertBatchResult = { evaluated: number; anomalies: number; errors: number; notified: number };
export type RefreshAccountStatsInput = { companyId?: number; dataSourceIds?: number[] };
export type CheckUrlsInput = { companyId?: number; dataSourceIds?: number[]; timeoutMs?: number };
export const ALERT_SCHEDULE_ID = "alerts:evaluate";
/** alerts:evaluate runs at minute 5 of every hour (the screens say when the next run is). */
export const ALERT_SCHEDULE_CRON = "5 * * * *";
/** The daily alert digest (issue 18), at 07:00 UTC. */
export const ALERT_DIGEST_SCHEDULE_ID = "alerts:digest";
export const ALERT_DIGEST_CRON = "0 7 * * *";
export const URL_CHECK_SCHEDULE_ID = "checks:urls";
export const ALERT_STATS_SCHEDULE_ID = "alerts:account-stats";
/** Automatic checks: one pass of the security or conversion-tag check over the monitored accounts. */
export type AutomaticCheckInput = { kind: "security" | "conversion_tag" | "product"; companyId?: number; dataSourceIds?: number[] };
export type AutomaticCheckResult = { kind: AutomaticCheckInput["kind"]; accounts: number; items: number; inError: number; failed: number };
export const SECURITY_CHECK_SCHEDULE_ID = "checks:security";
export const CONVERSION_TAG_CHECK_SCHEDULE_ID = "checks:conversion-tags";
/** product_available (decision 0515): Shopping products advertised while not in stock, on the accounts it is activated on. */
export const PRODUCT_CHECK_SCHEDULE_ID = "checks:products";


// ---- currency (issue 22, decision 0930) -----------------------------------------------------------
/** The daily fetch of the ECB reference rates. */
export const EXCHANGE_RATE_SCHEDULE_ID = "rates:ecb";
export type FetchExchangeRatesResult = { file: "daily" | "last90Days" | "history"; rates: number; written: number; lastDay: string };

/** Every schedule the worker creates at start (tests delete them all when they stop). */
export const WORKER_SCHEDULE_IDS = [ALERT_SCHEDULE_ID, URL_CHECK_SCHEDULE_ID, ALERT_STATS_SCHEDULE_ID, SECURITY_CHECK_SCHEDULE_ID, CONVERSION_TAG_CHECK_SCHEDULE_ID, PRODUCT_CHECK_SCHEDULE_ID, ALERT_DIGEST_SCHEDULE_ID, EXCHANGE_RATE_SCHEDULE_ID] as const;
