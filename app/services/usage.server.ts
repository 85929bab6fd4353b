import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";

export type CompanyUsage = {
  /** Accounts used in the last 30 days. */
  used: number;
  /** The plan's cap; null means unlimited (shown as ∞). */
  cap: number | null;
  subscribed: boolean;
  trialEndsAt: string;
  trialOver: boolean;
};

/**
 * The one place the usage bar (and later billing) reads usage from. Until the billing issue
 * defines "accounts used in the last 30 days" from connection logs and runs, an activated,
 * unblocked account counts as used.
 */
export async function getCompanyUsage(db: DB, company: Company, now = new Date()): Promise<CompanyUsage> {
  const row = await db
    .selectFrom("dataSources")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("companyId", "=", company.id)
    .where("blockedAt", "is", null)
    .executeTakeFirstOrThrow();
  return {
    used: Number(row.n),
    cap: company.stripeSubscriptionNumberDataSource ?? null,
    subscribed: Boolean(company.stripeSubscriptionId),
    trialEndsAt: company.trialEndsAt.toISOString(),
    trialOver: !company.stripeSubscriptionId && company.trialEndsAt.getTime() < now.getTime(),
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
