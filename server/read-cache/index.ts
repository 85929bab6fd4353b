// The read cache (issue 20, decision 0890): day partitions of what connectors returned, kept in
// PostgreSQL and served instead of asking the platform again for days that can no longer change.
export { queryBlocks, type CachedQueryInput } from "./query.js";
export { readThroughCache, readThroughRegistry, registerReadScope, storeWhileReading, type ReadScope } from "./through.js";
export { readCacheSettings, type ReadCacheSettings } from "./settings.js";
export { settleMaintenance } from "./maintenance.js";
export type { DayStats } from "./account-reader.js";
