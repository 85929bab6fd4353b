// The daily fetch of the ECB reference rates (decision 0930), started by the rates:ecb schedule.
// Deterministic: one activity call, retried while the ECB or the network is down.
import { proxyActivities } from "@temporalio/workflow";
import type { Activities } from "../activities/index.js";
import type { FetchExchangeRatesResult } from "../shared.js";

const rates = proxyActivities<Activities>({
  startToCloseTimeout: "10 minutes",
  retry: { maximumAttempts: 5, initialInterval: "1 minute", backoffCoefficient: 2 },
});

export async function fetchExchangeRates(): Promise<FetchExchangeRatesResult> {
  return rates.fetchExchangeRates();
}
