// Outbrain through the Amplify API v0.1 (https://amplifyv01.docs.apiary.io): GET /login with HTTP
// Basic (the form's username and password) answers an OB-TOKEN-V1 token valid 30 days, which every
// call carries in the OB-TOKEN-V1 header; marketers are the accounts, and the periodic reports
// (/reports/marketers/{id}/periodic and .../campaigns/periodic, breakdown=daily) page with
// limit/offset against totalResults. Amplify has no hourly breakdown.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { nextOffset, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { sessionClient } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "outbrains";
const PAGE_SIZE = 500;

/** {"OB-TOKEN-V1": "..."} */
const loginAnswer = z.object({ "OB-TOKEN-V1": z.string().nullish() });

const session = sessionClient({
  platform: PLATFORM,
  async login(ctx) {
    const username = credentialOption(ctx.credential, "username");
    const password = credentialOption(ctx.credential, "password");
    if (!username || !password) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Outbrain needs the Amplify username and password. Reconnect the source." });
    const body = await ctx.http.json({ url: "/login", auth: false, headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` } }, loginAnswer);
    const token = body["OB-TOKEN-V1"];
    if (!token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "Outbrain answered the login without an OB-TOKEN-V1 token." });
    return { token, expiresIn: 30 * 24 * 3600 };
  },
  headers: (token) => ({ "ob-token-v1": token }),
});

const marketers = z.object({ marketers: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean().nullish(), currency: z.string().nullish() }).passthrough()) });
const result = z.object({ metadata: z.object({ id: z.string().nullish(), fromDate: z.string().nullish() }).passthrough(), metrics: z.record(z.string(), z.unknown()) });
const periodic = z.object({ results: z.array(result), totalResults: z.number().nullish() });
const campaignsPeriodic = z.object({
  campaignResults: z.array(z.object({ campaignId: z.string(), results: z.array(result) })),
  totalResults: z.number().nullish(),
});

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, byCampaign: boolean) {
  const names = byCampaign ? await campaignNames(ctx, account.id) : undefined;
  const url = `/reports/marketers/${account.id}/${byCampaign ? "campaigns/" : ""}periodic`;
  yield* paginate<Record<string, unknown>, number>(async (offset = 0) => {
    const query = { from: range.start, to: range.end, breakdown: "daily", limit: PAGE_SIZE, offset };
    if (!byCampaign) {
      const page = await session.json(ctx, { url, query, account: account.id }, periodic);
      return { items: page.results.map((r) => ({ ...r.metrics, _date: r.metadata.fromDate ?? r.metadata.id })), next: nextOffset(offset, page.results.length, PAGE_SIZE, page.totalResults ?? undefined) };
    }
    // Campaign pages count campaigns, each with its days.
    const page = await session.json(ctx, { url, query, account: account.id }, campaignsPeriodic);
    return {
      items: page.campaignResults.flatMap((c) => c.results.map((r) => ({ ...r.metrics, _date: r.metadata.fromDate ?? r.metadata.id, _campaign: c.campaignId, _name: names?.get(c.campaignId) }))),
      next: nextOffset(offset, page.campaignResults.length, PAGE_SIZE, page.totalResults ?? undefined),
    };
  }, { platform: PLATFORM });
}

async function campaignNames(ctx: ConnectorContext, marketerId: string): Promise<Map<string, { name: string; enabled?: boolean | null }>> {
  const out = new Map<string, { name: string; enabled?: boolean | null }>();
  const list = z.object({ campaigns: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean().nullish() })), totalCount: z.number().nullish() });
  for await (const items of paginate<{ id: string; name: string; enabled?: boolean | null }, number>(async (offset = 0) => {
    const page = await session.json(ctx, { url: `/marketers/${marketerId}/campaigns`, query: { limit: PAGE_SIZE, offset } }, list);
    return { items: page.campaigns, next: nextOffset(offset, page.campaigns.length, PAGE_SIZE, page.totalCount ?? undefined) };
  }, { platform: PLATFORM })) {
    for (const c of items) out.set(c.id, c);
  }
  return out;
}

function record(r: Record<string, any>, account: Account): Row {
  return {
    date: String(r._date ?? "").slice(0, 10) || null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r._campaign ?? null,
    campaign_name: r._name?.name ?? null,
    campaign_status: r._name ? (r._name.enabled === false ? "PAUSED" : "ENABLED") : null,
    impressions: num(r.impressions),
    clicks: num(r.clicks),
    cost: num(r.spend),
    conversions: num(r.conversions),
    conversion_value: num(r.sumValue),
  };
}

export const outbrainConnector = adsConnector({
  id: PLATFORM,
  displayName: "Outbrain",
  authMethod: "api-key",
  authorize: () => {},
  // Amplify reports days on the marketer's account clock (New York for most accounts; the API
  // does not expose another) and money in the marketer's currency.
  timezone: "account",
  currency: "account",
  // Conversions are attributed up to the conversion event's lookback window (30 days by default).
  // https://www.outbrain.com/help/advertisers/conversion-tracking/
  restatementDays: 30,
  allowedHosts: ["api.outbrain.com"],
  defaultBaseUrl: "https://api.outbrain.com/amplify/v0.1",
  // Amplify allows few logins per hour and a modest request rate: the token is kept per context.
  rateLimit: { maxConcurrent: 1, minTimeMs: 200 },
  reconnect: "Check the Outbrain username and password (the Amplify API must be enabled for this login), then reconnect the source.",
  errorMessage: (b: any) => b?.message ?? b?.error ?? (typeof b === "string" ? b : undefined),

  async check(ctx) {
    const { marketers: list } = await session.json(ctx, { url: "/marketers" }, marketers);
    return { ok: true, identity: list[0]?.name };
  },
  async listAccounts(ctx) {
    const { marketers: list } = await session.json(ctx, { url: "/marketers" }, marketers);
    return list.map((m) => ({ id: m.id, name: m.name, timezone: "America/New_York", currency: m.currency || "USD", status: m.enabled === false ? "disabled" : "active" }));
  },
  reports: [
    { id: "account", name: "Marketer", description: "Marketer totals by day.", fields: adsFields("account", { conversionValue: true, extra: [CPM_FIELD] }), fetch: (ctx, a, r) => report(ctx, a, r, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day.", fields: adsFields("campaign", { conversionValue: true, extra: [CPM_FIELD] }), fetch: (ctx, a, r) => report(ctx, a, r, true), record },
  ],
});
