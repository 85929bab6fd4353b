/**
 * What a company may do given its subscription and usage (docs/decisions/0602-billing-access.md).
 * Pure policy: the numbers come from db/repositories/usage.ts; routes, activities and the query
 * URL ask checkExtractionAllowed there, which applies this.
 */
export const TRIAL_WARNING_DAYS = 7;
export const USAGE_WINDOW_DAYS = 30;

/** Stripe subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export const BLOCKING_STATES = new Set(["unpaid", "canceled", "incomplete_expired", "paused"]);
export const PAYMENT_PROBLEM_STATES = new Set(["past_due", "unpaid", "incomplete"]);

export type BillingSnapshot = {
  subscriptionId: string | null;
  subscriptionState: string | null;
  trialEndsAt: Date;
  cap: number | null;
  used: number;
  overLimitSince: Date | null;
};

export type AccessDecision =
  | { canExtract: true; lockBeyondCap: number | null }
  | { canExtract: false; reason: "trial-over" | "subscription-inactive"; lockBeyondCap: null };

export function trialOver(s: Pick<BillingSnapshot, "subscriptionId" | "trialEndsAt">, now: Date): boolean {
  return !s.subscriptionId && s.trialEndsAt.getTime() <= now.getTime();
}

/**
 * Lapsed trial or a dead subscription: no extraction at all (query URL, job runs, alert checks),
 * while sign-in, settings, billing and the pricing page keep working so the company can pay.
 * Over the plan's cap: everything runs during the grace period, then only the first `cap`
 * accounts (by first use in the window) keep extracting; the rest are locked.
 */
export function decideAccess(s: BillingSnapshot, now: Date, graceDays: number): AccessDecision {
  if (trialOver(s, now)) return { canExtract: false, reason: "trial-over", lockBeyondCap: null };
  if (s.subscriptionId && s.subscriptionState && BLOCKING_STATES.has(s.subscriptionState)) {
    return { canExtract: false, reason: "subscription-inactive", lockBeyondCap: null };
  }
  if (s.cap !== null && s.used > s.cap && s.overLimitSince && now.getTime() - s.overLimitSince.getTime() >= graceDays * 86_400_000) {
    return { canExtract: true, lockBeyondCap: s.cap };
  }
  return { canExtract: true, lockBeyondCap: null };
}

export type BannerKind = "payment-problem" | "trial-over" | "trial-ending" | "over-limit";
export type Banner = { kind: BannerKind; daysLeft?: number; used?: number; cap?: number; lockOn?: string };

/** Spec 2 §4 and §8: which banners the shell shows, most urgent first. */
export function billingBanners(s: BillingSnapshot, now: Date, graceDays: number): Banner[] {
  const banners: Banner[] = [];
  if (s.subscriptionId && s.subscriptionState && PAYMENT_PROBLEM_STATES.has(s.subscriptionState)) banners.push({ kind: "payment-problem" });
  if (!s.subscriptionId) {
    const msLeft = s.trialEndsAt.getTime() - now.getTime();
    if (msLeft <= 0) banners.push({ kind: "trial-over" });
    else if (msLeft <= TRIAL_WARNING_DAYS * 86_400_000) banners.push({ kind: "trial-ending", daysLeft: Math.ceil(msLeft / 86_400_000) });
  }
  if (s.cap !== null && s.used > s.cap) {
    const since = s.overLimitSince ?? now;
    banners.push({ kind: "over-limit", used: s.used, cap: s.cap, lockOn: new Date(since.getTime() + graceDays * 86_400_000).toISOString() });
  }
  return banners;
}
