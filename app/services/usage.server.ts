import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";
import { getEnv } from "../../lib/env.js";
import { billingBanners, trialOver, type Banner } from "../../lib/billing/access.js";
import { listUsedAccounts, lockedDataSourceIds, snapshotOf, syncOverLimit, type UsedAccount } from "../../db/repositories/usage.js";

export type CompanyUsage = {
  /** Accounts used in the last 30 days (db/repositories/usage.ts defines "used"). */
  used: number;
  /** The plan's cap; null means unlimited (shown as ∞): the trial has no cap. */
  cap: number | null;
  subscribed: boolean;
  trialEndsAt: string;
  trialOver: boolean;
  accounts: UsedAccount[];
  lockedIds: number[];
  banners: Banner[];
};

/** The one place the usage bar, the banners, /buy and billing read usage from. */
export async function getCompanyUsage(db: DB, company: Company, now = new Date()): Promise<CompanyUsage> {
  const graceDays = getEnv().BILLING_GRACE_DAYS;
  const accounts = await listUsedAccounts(db, company.id, now);
  const overLimitSince = await syncOverLimit(db, company, accounts.length, now);
  const snapshot = snapshotOf(company, accounts.length, overLimitSince);
  return {
    used: accounts.length,
    cap: snapshot.cap,
    subscribed: Boolean(company.stripeSubscriptionId),
    trialEndsAt: company.trialEndsAt.toISOString(),
    trialOver: trialOver(snapshot, now),
    accounts,
    lockedIds: await lockedDataSourceIds(db, company, accounts, overLimitSince, graceDays, now),
    banners: billingBanners(snapshot, now, graceDays),
  };
}

/** Spec 2 §4: grey at 0 %, green under 75, yellow under 99, red otherwise; red when the trial is over. */
export function usageColour(usage: Pick<CompanyUsage, "used" | "cap" | "trialOver">): "grey" | "green" | "yellow" | "red" {
  if (usage.trialOver) return "red";
  if (usage.cap === null) return usage.used === 0 ? "grey" : "green";
  const percent = usage.cap === 0 ? 100 : (usage.used / usage.cap) * 100;
  if (percent === 0) return "grey";
  if (percent < 75) return "green";
  if (percent < 99) return "yellow";
  return "red";
}
