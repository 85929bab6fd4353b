// Awin through its Publisher and Advertiser API (https://help.awin.com/apidocs/introduction-1):
// the form's API token goes in Authorization: Bearer; GET /accounts lists the publisher and
// advertiser accounts the token sees; transactions come from
// /{publishers|advertisers}/{id}/transactions/ (at most 31 days per request, dateType=transaction,
// timezone=UTC), summed per day, partner and commission status.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { AFFILIATE_FIELDS } from "../shared/affiliate-fields.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "awin";
/** "The maximum date range between startDate and endDate currently supported is 31 days." */
const MAX_DAYS = 31;

const accounts = z.object({ accounts: z.array(z.object({ accountId: z.number(), accountName: z.string(), accountType: z.string() }).passthrough()) });
const money = z.object({ amount: z.number().nullish(), currency: z.string().nullish() }).nullish();
const transaction = z.object({
  id: z.number(),
  advertiserId: z.number().nullish(),
  publisherId: z.number().nullish(),
  commissionStatus: z.string().nullish(),
  commissionAmount: money,
  saleAmount: money,
  transactionDate: z.string(),
}).passthrough();


/** Publisher or advertiser, per account id: the transactions path and the partner differ. */
const accountTypes = (ctx: ConnectorContext) =>
  memoForContext(ctx, "awin-account-types", async () => new Map((await ctx.http.json({ url: "/accounts" }, accounts)).accounts.map((a) => [String(a.accountId), a.accountType])));

async function* transactions(ctx: ConnectorContext, account: Account, range: DateRange) {
  const advertiser = (await accountTypes(ctx)).get(account.id) === "advertiser";
  const path = `/${advertiser ? "advertisers" : "publishers"}/${account.id}/transactions/`;
  for (const slice of splitDateRange(range, MAX_DAYS)) {
    const list = await ctx.http.json({
      url: path,
      account: account.id,
      query: { startDate: `${slice.start}T00:00:00`, endDate: `${slice.end}T23:59:59`, dateType: "transaction", timezone: "UTC" },
    }, z.array(transaction));
    if (list.length > 0) yield list.map((t) => ({ ...t, _partner: advertiser ? t.publisherId : t.advertiserId }));
  }
}

export const awinConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  // Transactions are asked and dated in UTC; each row names its own currency.
  timezone: { fixed: "UTC" },
  currency: "none",
  // Commissions stay pending until the advertiser validates them (often 30-60 days): status and
  // amounts of a transaction change for about two months. https://success.awin.com/articles/en_GB/Knowledge/Transaction-validation
  restatementDays: 60,
  allowedHosts: ["api.awin.com"],
  defaultBaseUrl: "https://api.awin.com",
  // "20 API calls per minute per user" (Awin API throttling).
  rateLimit: { maxConcurrent: 1, reservoir: { amount: 20, intervalMs: 60_000 } },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Awin",
    message: (b: any) => b?.description ?? b?.error ?? b?.message,
    reconnect: "Create a new API token in Awin (Toolbox > API Credentials) and reconnect the source.",
  }),
  async check(ctx) {
    const { accounts: list } = await ctx.http.json({ url: "/accounts" }, accounts);
    return { ok: true, identity: list[0]?.accountName };
  },
  async listAccounts(ctx) {
    const { accounts: list } = await ctx.http.json({ url: "/accounts" }, accounts);
    // Awin does not say an account's currency; amounts carry theirs (the currency dimension).
    return list.map((a) => ({ id: String(a.accountId), name: a.accountName, timezone: "UTC", currency: "GBP", status: "active" }));
  },
  reports: [
    {
      id: "transactions",
      name: "Transactions",
      description: "Transactions, sales and commissions by day, partner and status.",
      fields: AFFILIATE_FIELDS,
      fetch: transactions,
      record(t: z.infer<typeof transaction> & { _partner?: number | null }, account: Account): Row {
        return {
          date: t.transactionDate.slice(0, 10),
          account_id: account.id,
          account_name: account.name,
          partner_id: t._partner === undefined || t._partner === null ? null : String(t._partner),
          partner_name: null,
          commission_status: t.commissionStatus ?? null,
          currency: t.commissionAmount?.currency ?? t.saleAmount?.currency ?? null,
          transactions: 1,
          sale_amount: num(t.saleAmount?.amount),
          commission: num(t.commissionAmount?.amount),
        };
      },
    },
  ],
});
