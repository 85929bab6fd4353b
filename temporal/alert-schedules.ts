// Monitoring schedules (issue 7): alerts:evaluate runs evaluateAlerts every hour (at minute 5, once
// the platforms have the previous hour), alerts:account-stats refreshes the client area's daily
// statistics every hour too; checks:urls, checks:security, checks:conversion-tags and
// checks:products (product_available, decision 0515) run the automatic checks daily; alerts:digest
// sends the daily digests (issue 18). Created idempotently when the worker starts. A new alert does not
// wait for the hour: triggerAlertEvaluation starts a run for its configured-for ids at once.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError, type Client } from "@temporalio/client";
import { temporalTaskQueue } from "./client.js";
import { ALERT_DIGEST_CRON, ALERT_DIGEST_SCHEDULE_ID, ALERT_SCHEDULE_CRON, ALERT_SCHEDULE_ID, ALERT_STATS_SCHEDULE_ID, CONVERSION_TAG_CHECK_SCHEDULE_ID, PRODUCT_CHECK_SCHEDULE_ID, SECURITY_CHECK_SCHEDULE_ID, URL_CHECK_SCHEDULE_ID, type CheckUrlsInput, type EvaluateAlertsInput, type RefreshAccountStatsInput } from "./shared.js";

export async function ensureAlertSchedules(client: Client): Promise<void> {
  const schedules = [
    { scheduleId: ALERT_SCHEDULE_ID, workflowType: "evaluateAlerts", cron: ALERT_SCHEDULE_CRON, args: [{} satisfies EvaluateAlertsInput] },
    { scheduleId: ALERT_STATS_SCHEDULE_ID, workflowType: "refreshAccountStats", cron: "35 * * * *", args: [{} satisfies RefreshAccountStatsInput] },
    { scheduleId: URL_CHECK_SCHEDULE_ID, workflowType: "checkUrls", cron: "15 6 * * *", args: [{} satisfies CheckUrlsInput] },
    // Automatic checks: domain verification and conversion-tag status, daily.
    { scheduleId: SECURITY_CHECK_SCHEDULE_ID, workflowType: "checkSecurity", cron: "25 6 * * *", args: [{}] },
    { scheduleId: CONVERSION_TAG_CHECK_SCHEDULE_ID, workflowType: "checkConversionTags", cron: "30 6 * * *", args: [{}] },
    // product_available: the accounts it is activated on, daily (decision 0515).
    { scheduleId: PRODUCT_CHECK_SCHEDULE_ID, workflowType: "checkProducts", cron: "35 6 * * *", args: [{}] },
    // Issue 18: the daily digest of the users who chose it instead of an e-mail per change.
    { scheduleId: ALERT_DIGEST_SCHEDULE_ID, workflowType: "sendAlertDigests", cron: ALERT_DIGEST_CRON, args: [{}] },
  ];
  for (const s of schedules) {
    try {
      await client.schedule.create({
        scheduleId: s.scheduleId,
        spec: { cronExpressions: [s.cron] },
        action: { type: "startWorkflow", workflowType: s.workflowType, workflowId: s.scheduleId, taskQueue: temporalTaskQueue(), args: s.args },
        // A pass still running when the next is due: skip (the next pass picks up what is due).
        policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: "10 minutes" },
      });
      // First start (a fresh install, the seeded demo): evaluate now rather than at the next hour.
      await client.schedule.getHandle(s.scheduleId).trigger();
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    }
  }
}

/** Evaluates the given configured alerts now (after creating or activating an alert, or Run now). */
export async function triggerAlertEvaluation(client: Client, configuredForIds: number[], dataSourceIds: number[] = []): Promise<void> {
  if (configuredForIds.length === 0 && dataSourceIds.length === 0) return;
  const suffix = `${configuredForIds.join("-").slice(0, 80)}:${Date.now()}`;
  try {
    if (configuredForIds.length) await client.workflow.start("evaluateAlerts", { taskQueue: temporalTaskQueue(), workflowId: `alerts:evaluate-now:${suffix}`, args: [{ configuredForIds } satisfies EvaluateAlertsInput] });
    if (dataSourceIds.length) {
      await client.workflow.start("refreshAccountStats", { taskQueue: temporalTaskQueue(), workflowId: `alerts:stats-now:${dataSourceIds.join("-")}:${Date.now()}`, args: [{ dataSourceIds } satisfies RefreshAccountStatsInput] });
    }
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
