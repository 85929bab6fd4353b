// Automatic checks (issue 7 item 8): the security (domain verification per account),
// conversion-tag (status per tag) and product (product_available: Shopping products advertised
// while not in stock, decision 0515) checks, each scheduled daily (checks:security,
// checks:conversion-tags, checks:products) like the URL checker; one activity per pass stores every account's
// answer. Deterministic: only activity calls here.
import { proxyActivities } from "@temporalio/workflow";
import type { Activities } from "../activities/index.js";
import type { AutomaticCheckInput, AutomaticCheckResult } from "../shared.js";

const checks = proxyActivities<Activities>({
  startToCloseTimeout: "1 hour",
  heartbeatTimeout: "5 minutes",
  retry: { maximumAttempts: 3, initialInterval: "30 seconds" },
});

/** The security check: each account's domains and whether the platform verified them. */
export async function checkSecurity(input: Omit<AutomaticCheckInput, "kind"> = {}): Promise<AutomaticCheckResult> {
  return checks.runAutomaticCheck({ ...input, kind: "security" });
}

/** The conversion-tag check: each account's tags and their status (Running when ENABLED). */
/** The product check (product_available): Shopping products advertised while not in stock. */
export async function checkProducts(input: Omit<AutomaticCheckInput, "kind"> = {}): Promise<AutomaticCheckResult> {
  return checks.runAutomaticCheck({ ...input, kind: "product" });
}

export async function checkConversionTags(input: Omit<AutomaticCheckInput, "kind"> = {}): Promise<AutomaticCheckResult> {
  return checks.runAutomaticCheck({ ...input, kind: "conversion_tag" });
}
