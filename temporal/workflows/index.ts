// Every workflow the worker registers. Each issue adds its workflows here.
export { healthProbe } from "./health-probe.js";
export { runJob, initializeJob } from "./run-job.js";
export { evaluateAlerts, refreshAccountStats, checkUrls, sendAlertDigests } from "./evaluate-alerts.js";
export { checkSecurity, checkConversionTags, checkProducts } from "./automatic-checks.js";
export { fetchExchangeRates } from "./exchange-rates.js";
