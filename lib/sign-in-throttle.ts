// The sign-in throttling rules (docs/decisions/0850-throttling.md), as a pure function of the
// failures counted in three scopes. Only the attacker's own scopes can refuse: the pair
// (this e-mail from this address) and the address. The e-mail's failures from everywhere only
// pause an attempt, so someone else's failures never lock the owner out.

export type ScopeFailures = { failures: number; lastFailureAt: Date | null };

export type ThrottleFacts = {
  /** Failures of this e-mail from this client address, since that pair's last success or the last password reset. */
  pair: ScopeFailures;
  /** Failures from this client address, whatever the e-mail; null when the address is unknown. */
  ip: ScopeFailures | null;
  /** Failures of this e-mail from every address, since its last success or password reset. */
  email: ScopeFailures;
};

export type ThrottleLimits = {
  windowMs: number;
  maxPairFailures: number;
  maxIpFailures: number;
  slowdownAfter: number;
  maxPauseMs: number;
};

export type ThrottleDecision =
  | { allow: true; pauseMs: number }
  | { allow: false; scope: "pair" | "ip"; retryAt: Date };

/** Progressive delays never grow beyond this; the lock takes over before they matter. */
export const MAX_DELAY_MS = 60_000;
const FIRST_PAUSE_MS = 250;

/**
 * How long after its last failure a scope must wait: nothing for the first `free` failures,
 * then 1 s, 2 s, 4 s... and, at `max` failures, the whole window (a lock).
 */
export function waitAfterFailures(failures: number, free: number, max: number, windowMs: number): number {
  if (failures >= max) return windowMs;
  if (failures <= free) return 0;
  return Math.min(1000 * 2 ** (failures - free - 1), MAX_DELAY_MS, windowMs);
}

export function decideSignIn(facts: ThrottleFacts, now: Date, limits: ThrottleLimits): ThrottleDecision {
  const scopes = [
    // A person mistypes once; the second failure starts the delays.
    { scope: "pair" as const, counted: facts.pair, free: 1, max: limits.maxPairFailures },
    // An office behind one address shares this budget: delays start at half of it.
    { scope: "ip" as const, counted: facts.ip, free: Math.floor(limits.maxIpFailures / 2), max: limits.maxIpFailures },
  ];
  let refusal: { scope: "pair" | "ip"; retryAt: Date } | null = null;
  for (const { scope, counted, free, max } of scopes) {
    if (!counted?.lastFailureAt) continue;
    const wait = waitAfterFailures(counted.failures, free, max, limits.windowMs);
    // No wait owed refuses nothing, whatever the clocks of the database and this process say.
    if (wait === 0) continue;
    const retryAt = new Date(counted.lastFailureAt.getTime() + wait);
    if (retryAt > now && (!refusal || retryAt > refusal.retryAt)) refusal = { scope, retryAt };
  }
  if (refusal) return { allow: false, ...refusal };
  const excess = facts.email.failures - limits.slowdownAfter;
  const pauseMs = excess < 0 ? 0 : Math.min(FIRST_PAUSE_MS * 2 ** excess, limits.maxPauseMs);
  return { allow: true, pauseMs };
}
