// The read cache's limits: from the environment (lib/env.ts), overridable per call (tests, benches).
import { DEFAULT_FRESHNESS, type FreshnessPolicy } from "../../engine/index.js";
import { getEnv } from "../../lib/env.js";
import { hotDaysOfProcess, type HotDays } from "./hot-days.js";

export type ReadCacheSettings = {
  /** Stored bytes per company; past it the least recently read days are evicted. */
  maxBytesPerCompany: number;
  freshness: FreshnessPolicy;
  /** Off: every read goes to the platform and nothing is stored (a company never sees stale data, at full platform cost). */
  enabled: boolean;
  /**
   * Recently read days kept inflated in this process (READ_CACHE_MEMORY_MB); none: every read
   * takes its chunks from PostgreSQL. Query URLs only (queryUrlReadCacheSettings): an alert pass
   * reads tens of thousands of tiny days once an hour, which memory would only hold, not speed up.
   */
  hot: HotDays | undefined;
};

export function readCacheSettings(overrides: Partial<ReadCacheSettings> = {}): ReadCacheSettings {
  const env = getEnv();
  return {
    maxBytesPerCompany: Math.round(env.READ_CACHE_MAX_MB_PER_COMPANY * 1024 * 1024),
    freshness: {
      recentMs: env.READ_CACHE_RECENT_MINUTES * 60_000 || DEFAULT_FRESHNESS.recentMs,
      windowMs: env.READ_CACHE_WINDOW_MINUTES * 60_000 || DEFAULT_FRESHNESS.windowMs,
    },
    enabled: true,
    hot: undefined,
    ...overrides,
  };
}

/** The query URL's settings: the defaults with this process's hot days (decision 0899). */
export function queryUrlReadCacheSettings(overrides: Partial<ReadCacheSettings> = {}): ReadCacheSettings {
  return readCacheSettings({ hot: hotDaysOfProcess(getEnv().READ_CACHE_MEMORY_MB), ...overrides });
}
