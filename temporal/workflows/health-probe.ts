import { proxyActivities } from "@temporalio/workflow";
import type { Activities } from "../activities/index.js";
import type { HealthProbeInput, HealthProbeResult } from "../shared.js";

const { probeDatabase } = proxyActivities<Activities>({
  startToCloseTimeout: "10 seconds",
  retry: { maximumAttempts: 2 },
});

/** End-to-end health: the app starts it, a worker runs it, and it reaches the database. */
export async function healthProbe(_input: HealthProbeInput): Promise<HealthProbeResult> {
  return probeDatabase();
}
