import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { Company } from "../schema.js";
import { decideAccess, USAGE_WINDOW_DAYS, type BillingSnapshot } from "../../lib/billing/access.js";

/**
 * "Accounts used in the last 30 days", defined once (docs/decisions/0602-billing-access.md):
 * an account (data source) counts when anything read its data on one of the last 30 UTC days,
 * whatever read it: a query URL request, a job run, an alert evaluation. Reads that write a
 * successful connection log are recorded by a trigger (migration 2026112205001); other readers
 * call recordAccountUsage. An account read by all three still counts once.
 */
export type UsageVia = "query-url" | "job" | "alert" | "preview";

function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export async function recordAccountUsage(db: DB, companyId: number, dataSourceIds: number[], via: UsageVia, now = new Date()): Promise<void> {
  // Sorted: concurrent batches upserting overlapping accounts then lock rows in the same order (no deadlock).
  const ids = [...new Set(dataSourceIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  // Only the company's own accounts: a foreign id is silently not recorded (it cannot be read either).
  const owned = await db.selectFrom("dataSources").select("id").where("companyId", "=", companyId).where("id", "in", ids).orderBy("id").execute();
  if (!owned.length) return;
  await db
    .insertInto("accountUsage")
    .values(owned.map((o) => ({ companyId, dataSourceId: o.id, day: utcDay(now), firstVia: via, firstUsedAt: now, lastUsedAt: now })))
    .onConflict((oc) => oc.columns(["dataSourceId", "day"]).doUpdateSet({ lastUsedAt: sql`greatest(account_usage.last_used_at, excluded.last_used_at)` }))
    .execute();
}

/** The window's first and last UTC days. */
function usageWindow(now: Date): { sinceDay: string; today: string } {
  return { sinceDay: utcDay(new Date(now.getTime() - (USAGE_WINDOW_DAYS - 1) * 86_400_000)), today: utcDay(now) };
}

/**
 * What the billing gate needs of the used accounts: their ids in listUsedAccounts' order (the
 * earliest first used first), without names or times. The gate runs for every query URL and every
 * alert batch; at 2,000 used accounts the full list's names and timestamps were the alert pass's
 * most parsed rows. tests/integration/billing.test.ts checks both lists agree.
 */
export async function listUsedAccountIds(db: DB, companyId: number, now = new Date()): Promise<UsedAccountId[]> {
  const { sinceDay, today } = usageWindow(now);
  const { rows } = await sql<UsedAccountId>`
    select data_source_id as "dataSourceId" from account_usage
    where company_id = ${companyId} and day between ${sinceDay}::date and ${today}::date
    group by data_source_id
    order by min(first_used_at), data_source_id
  `.execute(db);
  return rows;
}

export type UsedAccountId = Pick<UsedAccount, "dataSourceId">;

/** `deleted`: the account (or its source) was deleted since; its reads in the window still count (issue 19). */
export type UsedAccount = { dataSourceId: number; name: string; accountId: string; platform: string; deleted: boolean; firstUsedAt: Date; lastUsedAt: Date };

/**
 * The accounts used in the window, the earliest first used first (that order decides which ones
 * stay unlocked). One table, fed two ways: successful connection logs (query URL requests and job
 * runs, through the connection recorder) by a database trigger, and recordAccountUsage for readers
 * that write no connection log (alert evaluation). Rows outlive a deleted account (migration
 * 2026112522200), which keeps its name from the copy taken at deletion.
 */
export async function listUsedAccounts(db: DB, companyId: number, now = new Date()): Promise<UsedAccount[]> {
  const { sinceDay, today } = usageWindow(now);
  const { rows } = await sql<{ dataSourceId: number; name: string | null; accountId: string | null; platform: string | null; deleted: boolean; firstUsedAt: string; lastUsedAt: string }>`
    select u.data_source_id as "dataSourceId",
      coalesce(d.name, u.gone_name) as name, coalesce(d.account_id, u.gone_account_id) as "accountId",
      coalesce(n.platform, u.gone_platform) as platform, (d.id is null) as deleted,
      min(u.first_used_at) as "firstUsedAt", max(u.last_used_at) as "lastUsedAt"
    from account_usage u
    left join data_sources d on d.id = u.data_source_id and d.company_id = ${companyId}
    left join network_authorizations n on n.id = d.network_authorization_id
    where u.company_id = ${companyId} and u.day between ${sinceDay}::date and ${today}::date
    group by 1, 2, 3, 4, 5
    order by min(u.first_used_at), u.data_source_id
  `.execute(db);
  return rows.map((r) => ({
    dataSourceId: r.dataSourceId,
    name: r.name ?? "Deleted account",
    accountId: r.accountId ?? "",
    platform: r.platform ?? "",
    deleted: r.deleted,
    firstUsedAt: new Date(r.firstUsedAt),
    lastUsedAt: new Date(r.lastUsedAt),
  }));
}

export async function countUsedAccounts(db: DB, companyId: number, now = new Date()): Promise<number> {
  return (await listUsedAccounts(db, companyId, now)).length;
}

/** Starts the grace clock the first time usage goes over the cap, and stops it when usage is back under. */
export async function syncOverLimit(db: DB, company: Pick<Company, "id" | "overLimitSince" | "stripeSubscriptionNumberDataSource">, used: number, now = new Date()): Promise<Date | null> {
  const cap = company.stripeSubscriptionNumberDataSource;
  const over = cap !== null && used > cap;
  if (over && !company.overLimitSince) {
    await db.updateTable("companies").set({ overLimitSince: now }).where("id", "=", company.id).where("overLimitSince", "is", null).execute();
    return now;
  }
  if (!over && company.overLimitSince) {
    await db.updateTable("companies").set({ overLimitSince: null }).where("id", "=", company.id).execute();
    return null;
  }
  return company.overLimitSince;
}

export function snapshotOf(company: Company, used: number, overLimitSince: Date | null): BillingSnapshot {
  return {
    subscriptionId: company.stripeSubscriptionId,
    subscriptionState: company.stripeSubscriptionState,
    trialEndsAt: company.trialEndsAt,
    cap: company.stripeSubscriptionId ? company.stripeSubscriptionNumberDataSource : null,
    used,
    overLimitSince,
  };
}

export class ExtractionBlockedError extends Error {
  readonly httpStatus = 402;
  constructor(
    readonly reason: "trial-over" | "subscription-inactive" | "account-locked",
    readonly dataSourceIds: number[] = [],
  ) {
    super(
      reason === "trial-over"
        ? "Your 14 day free-trial is over. Subscribe to keep extracting data."
        : reason === "subscription-inactive"
          ? "Your subscription is not active. Update your payment method or subscribe again."
          : `These accounts are locked because the company uses more accounts than its plan allows: ${dataSourceIds.join(", ")}.`,
    );
    this.name = "ExtractionBlockedError";
  }
}

/**
 * The server-side gate every reader (query URL, job run, alert evaluation) calls before reading
 * accounts. Throws ExtractionBlockedError (HTTP 402) when the company may not extract or when one
 * of the accounts is beyond the plan's cap after the grace period.
 */
export async function checkExtractionAllowed(db: DB, companyId: number, dataSourceIds: number[], opts: { graceDays: number; now?: Date }): Promise<void> {
  (await extractionGate(db, companyId, opts))(dataSourceIds);
}

/**
 * The billing decision of checkExtractionAllowed taken once, for a batch that reads many accounts of
 * the company (alert evaluation): the returned check throws ExtractionBlockedError like it would.
 */
export async function extractionGate(db: DB, companyId: number, opts: { graceDays: number; now?: Date }): Promise<(dataSourceIds: number[]) => void> {
  const now = opts.now ?? new Date();
  const company = await db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirstOrThrow();
  return extractionGateOf(db, company, await listUsedAccountIds(db, companyId, now), { ...opts, now });
}

/**
 * The same gate from the company's row and its used accounts as the caller read them (the query
 * URL reads them alongside its own lookups, so its first byte waits for fewer round trips). Only
 * this step may write: the over-limit clock, when usage crossed the cap.
 */
export async function extractionGateOf(db: DB, company: Company, used: readonly UsedAccountId[], opts: { graceDays: number; now?: Date }): Promise<(dataSourceIds: number[]) => void> {
  const now = opts.now ?? new Date();
  const overLimitSince = await syncOverLimit(db, company, used.length, now);
  const decision = decideAccess(snapshotOf(company, used.length, overLimitSince), now, opts.graceDays);
  const allowed = decision.lockBeyondCap === null ? null : new Set(used.slice(0, decision.lockBeyondCap).map((u) => u.dataSourceId));
  return (dataSourceIds) => {
    if (!decision.canExtract) throw new ExtractionBlockedError(decision.reason);
    if (allowed === null) return;
    const locked = dataSourceIds.filter((id) => !allowed.has(id));
    if (locked.length) throw new ExtractionBlockedError("account-locked", locked);
  };
}

/** Ids of the accounts locked right now (for the usage list and the account screens). */
export async function lockedDataSourceIds(db: DB, company: Company, used: UsedAccount[], overLimitSince: Date | null, graceDays: number, now = new Date()): Promise<number[]> {
  const decision = decideAccess(snapshotOf(company, used.length, overLimitSince), now, graceDays);
  if (!decision.canExtract || decision.lockBeyondCap === null) return [];
  return used.slice(decision.lockBeyondCap).map((u) => u.dataSourceId);
}
