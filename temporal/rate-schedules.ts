// The rates:ecb schedule (decision 0930): fetchExchangeRates every day at 17:00 in Frankfurt, an
// hour after the ECB publishes (around 16:00 CET on TARGET working days). Created idempotently
// when the worker starts; the first creation also fetches at once, so a fresh install converts
// money without waiting for the afternoon.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from "@temporalio/client";
import { workflowAction } from "./client.js";
import { EXCHANGE_RATE_SCHEDULE_ID } from "./shared.js";

export async function ensureExchangeRateSchedule(client: Client): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: EXCHANGE_RATE_SCHEDULE_ID,
      spec: { cronExpressions: ["0 17 * * *"], timezone: "Europe/Berlin" },
      action: workflowAction("fetchExchangeRates", EXCHANGE_RATE_SCHEDULE_ID, []),
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: "1 day" },
    });
    await client.schedule.getHandle(EXCHANGE_RATE_SCHEDULE_ID).trigger();
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
}
