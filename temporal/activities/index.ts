import type { ActivityDeps } from "./deps.js";
import { createHealthActivities } from "./health.js";
import { createDataStreamActivities } from "./data-streams.js";
import { createAlertActivities } from "./alerts.js";
import { createCheckActivities } from "./checks.js";
import { createExchangeRateActivities } from "./exchange-rates.js";

export { activityDeps, type ActivityDeps } from "./deps.js";

/**
 * Every activity the worker registers: each area writes activities/<area>.ts exporting
 * create<Area>Activities(deps) and spreads it here (one line per area).
 */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createHealthActivities(deps),
    ...createDataStreamActivities(deps),
    ...createAlertActivities(deps),
    ...createCheckActivities(deps),
    ...createExchangeRateActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
