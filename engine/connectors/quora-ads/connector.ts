// Quora Ads through the Quora Ads API v0 (https://www.quora.com/ads/api): the ad accounts of the
// login, and account or campaign figures from GET /accounts/{id} with fields, level and a
// startDate/endDate window. The API answers totals for the window, so each day is its own
// request; results page with offset/limit.
import { z } from "zod";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import { splitDateRange } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "quora-ads";
const LIMIT = 100;
const METRICS = "impressions,clicks,spend,conversions";

const accounts = z.object({
  data: z.array(z.object({ accountId: z.union([z.string(), z.number()]), accountName: z.string(), accountCurrency: z.string().optional(), timezone: z.string().optional(), status: z.string().optional() })),
});
const figures = z.object({ data: z.array(z.record(z.string(), z.unknown())) });

/** offset/limit pages of one GET until a short page. */
function offsetPages<T>(ctx: ConnectorContext, url: string, query: Record<string, string>, schema: z.ZodType<{ data: T[] }>, account?: string) {
  return paginate<T, number>(async (offset = 0) => {
    const page = await ctx.http.json({ url, account, query: { ...query, offset, limit: LIMIT } }, schema);
    return { items: page.data, next: nextOffset(offset, page.data.length, LIMIT) };
  }, { platform: PLATFORM });
}

async function* daily(ctx: ConnectorContext, account: Account, range: DateRange, level: "ACCOUNT" | "CAMPAIGN") {
  const fields = level === "CAMPAIGN" ? `campaignId,campaignName,status,${METRICS}` : `accountId,${METRICS}`;
  for (const { start: day } of splitDateRange(range, 1)) {
    const query: Record<string, string> = { fields, startDate: day, endDate: day, ...(level === "CAMPAIGN" ? { level } : {}) };
    for await (const items of offsetPages(ctx, `/accounts/${account.id}`, query, figures, account.id)) yield items.map((item) => ({ ...item, _day: day }));
  }
}

function record(item: Record<string, unknown>, account: Account): Row {
  return {
    date: String(item._day),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: item.campaignId === undefined ? null : String(item.campaignId),
    campaign_name: (item.campaignName as string) ?? null,
    campaign_status: (item.status as string) ?? null,
    impressions: num(item.impressions),
    clicks: num(item.clicks),
    // spend is in the account's currency units.
    cost: num(item.spend),
    conversions: num(item.conversions),
  };
}

export const quoraAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Quora",
  // Dates are the ad account's days; spend in its currency.
  timezone: "account",
  currency: "account",
  // Conversions default to a 28-day click / 1-day view attribution window (attributionWindows
  // CLICK_28_DAY,VIEW_1_DAY in the API), so a day changes for 28 days.
  restatementDays: 28,
  allowedHosts: ["api.quora.com", "www.quora.com"],
  defaultBaseUrl: "https://api.quora.com/ads/v0",
  // 2,000 requests per hour per OAuth client and ad account, shared by the reporting endpoints.
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 2000, intervalMs: 3_600_000 } },
  oauth2: {
    authorizeUrl: "https://www.quora.com/_/oauth/authorize",
    tokenUrl: "https://www.quora.com/_/oauth/token",
    scopes: ["ads_read"],
  },
  errorMessage: (body: { error?: { message?: string } | string; message?: string }) => (typeof body?.error === "object" ? body.error.message : (body?.message ?? (typeof body?.error === "string" ? body.error : undefined))),

  async check(ctx) {
    const me = await ctx.http.json({ url: "/me" }, z.object({ data: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish() }));
    return { ok: true, identity: me.data?.email ?? me.data?.name ?? undefined };
  },
  async listAccounts(ctx) {
    const list = await collectItems(offsetPages(ctx, "/accounts", {}, accounts));
    return list.map((a) => ({ id: String(a.accountId), name: a.accountName, timezone: a.timezone || "UTC", currency: a.accountCurrency || "USD", status: !a.status || a.status === "ACTIVE" ? "active" : a.status.toLowerCase() }));
  },
  reports: [
    { id: "account", name: "Ad account", description: "Ad account totals by day.", fields: adsFields("account", { extra: [CPM_FIELD] }), fetch: (c, a, r) => daily(c, a, r, "ACCOUNT"), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day (level=CAMPAIGN).", fields: adsFields("campaign", { extra: [CPM_FIELD] }), fetch: (c, a, r) => daily(c, a, r, "CAMPAIGN"), record },
  ],
});
