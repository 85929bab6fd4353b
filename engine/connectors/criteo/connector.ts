// Criteo through the Marketing Solutions API (https://developers.criteo.com/marketing-solutions/docs):
// the form's client id/secret are exchanged for a 15-minute token (client credentials grant,
// POST /oauth2/token), advertisers come from GET /{version}/advertisers/me, and rows from the
// synchronous POST /{version}/statistics/report (JSON "Rows", at most 100,000 per request, so
// hourly reads go a week at a time).
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { clientCredentialsSession, isTokenRefusal } from "../shared/ads-session.js";
import { num } from "../shared/records.js";

const PLATFORM = "criteo";
/** Stable versions live a year; https://developers.criteo.com/marketing-solutions/docs/versioning-policy */
export const CRITEO_VERSION = "2026-01";
/** Criteo converts money into the currency asked for: the advertiser listing does not say its own. */
export const CRITEO_CURRENCY = "EUR";
const MAX_DAYS = { day: 92, hour: 7 };
const METRICS = ["Displays", "Clicks", "AdvertiserCost", "SalesAllClientAttribution", "RevenueGeneratedAllClientAttribution"];

// The token endpoint sits at the API root, outside the versioned path.
const session = clientCredentialsSession({
  platform: PLATFORM,
  displayName: "Criteo",
  tokenPath: "/oauth2/token",
  credentials: (ctx) => ({ clientId: credentialOption(ctx.credential, "clientId"), clientSecret: credentialOption(ctx.credential, "clientSecret") }),
});

const advertisers = z.object({ data: z.array(z.object({ id: z.string(), attributes: z.object({ advertiserName: z.string().nullish() }).passthrough().nullish() })) });
const statistics = z.object({ Rows: z.array(z.record(z.string(), z.unknown())) });

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean) {
  const hourly = wantsHourly(req);
  const dimensions = ["AdvertiserId", "Day", ...(hourly ? ["Hour"] : []), ...(byCampaign ? ["CampaignId", "Campaign"] : [])];
  for (const slice of slices(range, req, MAX_DAYS)) {
    const body = await session.json(ctx, {
      method: "POST",
      url: "/statistics/report",
      account: account.id,
      json: { advertiserIds: account.id, startDate: `${slice.start}T00:00:00.000Z`, endDate: `${slice.end}T23:59:59.000Z`, format: "json", dimensions, metrics: METRICS, timezone: "UTC", currency: CRITEO_CURRENCY },
    }, statistics);
    if (body.Rows.length > 0) yield body.Rows;
  }
}

/** "2025-03-01", "2025/3/1" (the CSV form) or a timestamp: the day, as YYYY-MM-DD. */
function day(value: unknown): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(String(value ?? ""));
  return m ? `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}` : null;
}
/** Hour as 13 or as a timestamp "2025-03-01T13:00:00". */
function hour(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const s = String(value);
  if (/^\d{1,2}$/.test(s)) return Number(s);
  const m = /[T ](\d{2}):/.exec(s);
  return m ? Number(m[1]) : null;
}

function record(r: Record<string, unknown>, account: Account): Row {
  return {
    date: day(r.Day),
    hour: hour(r.Hour),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: r.CampaignId === undefined ? null : String(r.CampaignId),
    campaign_name: r.Campaign === undefined ? null : String(r.Campaign),
    impressions: num(r.Displays),
    clicks: num(r.Clicks),
    cost: num(r.AdvertiserCost),
    conversions: num(r.SalesAllClientAttribution),
    conversion_value: num(r.RevenueGeneratedAllClientAttribution),
  };
}

const fields = (level: "account" | "campaign") =>
  adsFields(level, { hourly: true, conversionValue: true, extra: [CPM_FIELD] }).filter((f) => f.id !== "campaign_status");

export const criteoConnector = adsConnector({
  id: PLATFORM,
  displayName: "Criteo",
  authMethod: "api-key",
  // The token is added by the session client; the stored credential never goes on a request.
  authorize: () => {},
  // Reports are asked in UTC and in one currency (the API converts), see CRITEO_CURRENCY.
  timezone: { fixed: "UTC" },
  currency: { fixed: CRITEO_CURRENCY },
  // Sales are attributed to the click day up to 30 days later (post-click window), so the last
  // 30 days keep moving. https://help.criteo.com/kb/guide/en/attribution-xEEdUs4Kzv/
  restatementDays: 30,
  allowedHosts: ["api.criteo.com"],
  defaultBaseUrl: `https://api.criteo.com/${CRITEO_VERSION}`,
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2 },
  reconnect: "Check the API client id and secret in Criteo's Developer Dashboard, then reconnect the source.",
  // {errors: [{type, code, title, detail}]} on the API, {error, error_description} at /oauth2/token.
  errorMessage: (b: any) => b?.errors?.[0]?.detail ?? b?.errors?.[0]?.title ?? b?.error_description ?? (typeof b?.error === "string" ? b.error : undefined),
  isAuthError: (b) => isTokenRefusal(b),

  async check(ctx) {
    const list = await session.json(ctx, { url: "/advertisers/me" }, advertisers);
    return { ok: true, identity: `${list.data.length} advertiser(s)` };
  },
  async listAccounts(ctx) {
    const list = await session.json(ctx, { url: "/advertisers/me" }, advertisers);
    return list.data.map((a) => ({ id: a.id, name: a.attributes?.advertiserName ?? a.id, timezone: "UTC", currency: CRITEO_CURRENCY, status: "active" }));
  },
  reports: [
    { id: "account", name: "Advertiser", description: "Advertiser totals by day or hour.", fields: fields("account"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, false), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour.", fields: fields("campaign"), fetch: (ctx, a, r, req) => report(ctx, a, r, req, true), record },
  ],
});
