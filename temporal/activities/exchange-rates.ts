// The ECB reference rates (decision 0930): one activity downloads a file and stores its rates.
// Which file: the whole history when the table has nothing recent (a fresh install, or a worker
// that was down for months), the last 90 days otherwise, so a missed day or a correction the ECB
// republished is caught up without downloading 25 years every day.
import { rateCoverage, upsertRates } from "../../db/repositories/exchange-rates.js";
import { addDays } from "../../engine/index.js";
import { fetchEcbRates, type EcbFile } from "../../lib/ecb-rates.js";
import type { FetchExchangeRatesResult } from "../shared.js";
import type { ActivityDeps } from "./deps.js";

/** A stored last day older than this needs more than the 90-day file. */
const RECENT_DAYS = 80;

export function createExchangeRateActivities(deps: ActivityDeps) {
  return {
    async fetchExchangeRates(): Promise<FetchExchangeRatesResult> {
      const coverage = await rateCoverage(deps.db);
      const today = deps.now().toISOString().slice(0, 10);
      const file: EcbFile = coverage && coverage.last >= addDays(today, -RECENT_DAYS) ? "last90Days" : "history";
      const rates = await fetchEcbRates(deps.ecbRatesBaseUrl, file, { fetch: deps.fetchEcb });
      const written = await upsertRates(deps.db, rates, deps.now());
      const lastDay = rates.reduce((max, r) => (r.day > max ? r.day : max), rates[0].day);
      return { file, rates: rates.length, written, lastDay };
    },
  };
}
