// Per-account request budgets, shared by every context in the process: two jobs reading the same
// ad account through different runs must still respect that account's quota together.
// bottleneck's package.json "main" points at lib/, which its npm tarball does not ship in the
// installed version; light.js is the published single-file build (no Redis clustering, which we
// do not use: the worker's budgets are per process). See docs/decisions/0102-bottleneck.md.
import Bottleneck from "bottleneck/light.js";
import type { RateLimitPolicy } from "./types.js";

const limiters = new Map<string, Bottleneck>();

const DEFAULT_POLICY: RateLimitPolicy = { maxConcurrent: 4 };

function createLimiter(policy: RateLimitPolicy): Bottleneck {
  const reservoir = policy.reservoir;
  return new Bottleneck({
    maxConcurrent: policy.maxConcurrent ?? null,
    minTime: policy.minTimeMs ?? 0,
    ...(reservoir
      ? {
          reservoir: reservoir.amount,
          reservoirRefreshAmount: reservoir.amount,
          reservoirRefreshInterval: reservoir.intervalMs,
        }
      : {}),
  });
}

/** The limiter of one budget key of one platform, created on first use. */
export function limiterFor(platform: string, budgetKey: string, policy: RateLimitPolicy = DEFAULT_POLICY): Bottleneck {
  const key = `${platform}\u0000${budgetKey}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = createLimiter(policy);
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Drops every limiter (tests, or a worker shutting down). */
export async function resetRateLimiters(): Promise<void> {
  const all = [...limiters.values()];
  limiters.clear();
  await Promise.all(all.map((l) => l.stop({ dropWaitingJobs: false }).catch(() => undefined)));
}
