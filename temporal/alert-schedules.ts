// Monitoring schedules (issue 7): alerts:evaluate runs evaluateAlerts every hour (at minute 5, once
// the platforms have the previous hour), alerts:account-stats refreshes the client area's daily
// statistics every hour too; checks:urls, checks:security, checks:conversion-tags and
// checks:products (product_available, decision 0515) run the automatic checks daily; alerts:digest
// sends the daily digests (issue 18). Created idempotently when the worker starts. A new alert does not
// wait for the hour: triggerAlertEvaluation starts a run for its configured-for ids at once.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError, type Client } from "@temporalio/client";
import { startWorkflow, workflowAction } from "./client.js";
import { ALERT_DIGEST_CRON, ALERT_DIGEST_SCHEDULE_ID, ALERT_SCHEDULE_CRON, ALERT_SCHEDULE_ID, ALERT_STATS_SCHEDULE_ID, CONVERSION_TAG_CHECK_SCHEDULE_ID, PRODUCT_CHECK_SCHEDULE_ID, SECURITY_CHECK_SCHEDULE_ID, URL_CHECK_SCHEDULE_ID } from "./shared.js";

export async function ensureAlertSchedules(client: Client): Promise<void> {
  const schedules = [
    { scheduleId: ALERT_SCHEDULE_ID, cron: ALERT_SCHEDULE_CRON, action: workflowAction("evaluateAlerts", ALERT_SCHEDULE_ID, [{}]) },
    { scheduleId: ALERT_STATS_SCHEDULE_ID, cron: "35 * * * *", action: workflowAction("refreshAccountStats", ALERT_STATS_SCHEDULE_ID, [{}]) },
    { scheduleId: URL_CHECK_SCHEDULE_ID, cron: "15 6 * * *", action: workflowAction("checkUrls", URL_CHECK_SCHEDULE_ID, [{}]) },
    // Automatic checks: domain verification and conversion-tag status, daily.
    { scheduleId: SECURITY_CHECK_SCHEDULE_ID, cron: "25 6 * * *", action: workflowAction("checkSecurity", SECURITY_CHECK_SCHEDULE_ID, [{}]) },
    { scheduleId: CONVERSION_TAG_CHECK_SCHEDULE_ID, cron: "30 6 * * *", action: workflowAction("checkConversionTags", CONVERSION_TAG_CHECK_SCHEDULE_ID, [{}]) },
    // product_available: the accounts it is activated on, daily (decision 0515).
    { scheduleId: PRODUCT_CHECK_SCHEDULE_ID, cron: "35 6 * * *", action: workflowAction("checkProducts", PRODUCT_CHECK_SCHEDULE_ID, [{}]) },
    // Issue 18: the daily digest of the users who chose it instead of an e-mail per change.
    { scheduleId: ALERT_DIGEST_SCHEDULE_ID, cron: ALERT_DIGEST_CRON, action: workflowAction("sendAlertDigests", ALERT_DIGEST_SCHEDULE_ID, []) },
  ];
  for (const s of schedules) {
    try {
      await client.schedule.create({
        scheduleId: s.scheduleId,
        spec: { cronExpressions: [s.cron] },
        action: s.action,
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
    if (configuredForIds.length) await startWorkflow(client, "evaluateAlerts", { workflowId: `alerts:evaluate-now:${suffix}`, args: [{ configuredForIds }] });
    if (dataSourceIds.length) {
      await startWorkflow(client, "refreshAccountStats", { workflowId: `alerts:stats-now:${dataSourceIds.join("-")}:${Date.now()}`, args: [{ dataSourceIds }] });
    }
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
