import { describe, expect, it } from "vitest";
import { decideSignIn, waitAfterFailures, type ThrottleFacts, type ThrottleLimits } from "./sign-in-throttle.js";

const limits: ThrottleLimits = { windowMs: 15 * 60_000, maxPairFailures: 5, maxIpFailures: 10, slowdownAfter: 10, maxPauseMs: 5000 };
const now = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const none = { failures: 0, lastFailureAt: null };
const facts = (over: Partial<ThrottleFacts>): ThrottleFacts => ({ pair: none, ip: none, email: none, ...over });

describe("waitAfterFailures", () => {
  it("lets the first failures go, then doubles, then locks for the window", () => {
    expect([0, 1, 2, 3, 4].map((n) => waitAfterFailures(n, 1, 5, limits.windowMs))).toEqual([0, 0, 1000, 2000, 4000]);
    expect(waitAfterFailures(5, 1, 5, limits.windowMs)).toBe(limits.windowMs);
    expect([5, 6, 7, 8, 9, 10].map((n) => waitAfterFailures(n, 5, 10, limits.windowMs))).toEqual([0, 1000, 2000, 4000, 8000, limits.windowMs]);
  });
});

describe("decideSignIn", () => {
  it("allows a first attempt and a retry after one typo", () => {
    expect(decideSignIn(facts({}), now, limits)).toEqual({ allow: true, pauseMs: 0 });
    expect(decideSignIn(facts({ pair: { failures: 1, lastFailureAt: ago(100) } }), now, limits)).toEqual({ allow: true, pauseMs: 0 });
  });

  it("delays the pair progressively, then locks it for the window after its last failure", () => {
    expect(decideSignIn(facts({ pair: { failures: 3, lastFailureAt: ago(500) } }), now, limits)).toEqual({ allow: false, scope: "pair", retryAt: new Date(now.getTime() + 1500) });
    expect(decideSignIn(facts({ pair: { failures: 3, lastFailureAt: ago(2500) } }), now, limits)).toEqual({ allow: true, pauseMs: 0 });
    const locked = decideSignIn(facts({ pair: { failures: 5, lastFailureAt: ago(60_000) } }), now, limits);
    expect(locked).toEqual({ allow: false, scope: "pair", retryAt: new Date(now.getTime() + limits.windowMs - 60_000) });
  });

  it("locks an address that failed for many e-mails, whatever the e-mail tried next", () => {
    expect(decideSignIn(facts({ ip: { failures: 10, lastFailureAt: ago(1000) } }), now, limits)).toMatchObject({ allow: false, scope: "ip" });
    // Below the lock, the address is only delayed.
    expect(decideSignIn(facts({ ip: { failures: 7, lastFailureAt: ago(1000) } }), now, limits)).toMatchObject({ allow: false, scope: "ip" });
    expect(decideSignIn(facts({ ip: { failures: 7, lastFailureAt: ago(2500) } }), now, limits)).toEqual({ allow: true, pauseMs: 0 });
  });

  it("never refuses because of the e-mail's failures from elsewhere: it only pauses, up to the cap", () => {
    const many = (failures: number) => decideSignIn(facts({ email: { failures, lastFailureAt: ago(10) } }), now, limits);
    expect(many(9)).toEqual({ allow: true, pauseMs: 0 });
    expect(many(10)).toEqual({ allow: true, pauseMs: 250 });
    expect(many(12)).toEqual({ allow: true, pauseMs: 1000 });
    expect(many(500)).toEqual({ allow: true, pauseMs: 5000 });
  });

  it("without a known address, only the pair and the e-mail count", () => {
    expect(decideSignIn(facts({ ip: null }), now, limits)).toEqual({ allow: true, pauseMs: 0 });
  });

  it("reports the latest of two refusals", () => {
    const decision = decideSignIn(facts({ pair: { failures: 2, lastFailureAt: ago(0) }, ip: { failures: 10, lastFailureAt: ago(0) } }), now, limits);
    expect(decision).toMatchObject({ allow: false, scope: "ip" });
  });
});
