import { describe, expect, it } from "vitest";
import { billingBanners, decideAccess, type BillingSnapshot } from "./access.js";

const now = new Date("2026-11-22T12:00:00Z");
const day = 86_400_000;
const base: BillingSnapshot = { subscriptionId: null, subscriptionState: null, trialEndsAt: new Date(now.getTime() + 10 * day), cap: null, used: 2, overLimitSince: null };

describe("decideAccess", () => {
  it("lets a running trial extract without a cap", () => {
    expect(decideAccess(base, now, 7)).toEqual({ canExtract: true, lockBeyondCap: null });
  });
  it("stops extraction once the trial is over and nothing was bought", () => {
    expect(decideAccess({ ...base, trialEndsAt: new Date(now.getTime() - 1) }, now, 7)).toMatchObject({ canExtract: false, reason: "trial-over" });
  });
  it("stops extraction for a canceled or unpaid subscription but not for past_due", () => {
    const sub = { ...base, subscriptionId: "sub_1", trialEndsAt: new Date(now.getTime() - 30 * day), cap: 3 };
    expect(decideAccess({ ...sub, subscriptionState: "canceled" }, now, 7)).toMatchObject({ canExtract: false, reason: "subscription-inactive" });
    expect(decideAccess({ ...sub, subscriptionState: "unpaid" }, now, 7).canExtract).toBe(false);
    expect(decideAccess({ ...sub, subscriptionState: "past_due" }, now, 7).canExtract).toBe(true);
  });
  it("locks accounts beyond the cap only after the grace period", () => {
    const over = { ...base, subscriptionId: "sub_1", subscriptionState: "active", cap: 3, used: 5 };
    expect(decideAccess({ ...over, overLimitSince: new Date(now.getTime() - 6 * day) }, now, 7).lockBeyondCap).toBeNull();
    expect(decideAccess({ ...over, overLimitSince: new Date(now.getTime() - 7 * day) }, now, 7).lockBeyondCap).toBe(3);
    expect(decideAccess({ ...over, used: 3, overLimitSince: new Date(now.getTime() - 9 * day) }, now, 7).lockBeyondCap).toBeNull();
  });
});

describe("billingBanners", () => {
  it("warns within 7 days of the trial end, then says it is over", () => {
    expect(billingBanners({ ...base, trialEndsAt: new Date(now.getTime() + 8 * day) }, now, 7)).toEqual([]);
    expect(billingBanners({ ...base, trialEndsAt: new Date(now.getTime() + 3 * day) }, now, 7)).toEqual([{ kind: "trial-ending", daysLeft: 3 }]);
    expect(billingBanners({ ...base, trialEndsAt: new Date(now.getTime() - day) }, now, 7)).toEqual([{ kind: "trial-over" }]);
  });
  it("shows the payment problem and the over-limit banner with counts", () => {
    const banners = billingBanners({ ...base, subscriptionId: "sub_1", subscriptionState: "past_due", cap: 3, used: 4, overLimitSince: now }, now, 7);
    expect(banners.map((b) => b.kind)).toEqual(["payment-problem", "over-limit"]);
    expect(banners[1]).toMatchObject({ used: 4, cap: 3 });
  });
});
