// Reddit Ads through the Ads API v3 (https://ads-api.reddit.com/docs/v3/): businesses and their ad
// accounts, campaign names, and POST /ad_accounts/{id}/reports with DATE or HOUR breakdowns (they
// cannot be combined) plus CAMPAIGN_ID, in the account's time_zone_id, paged by pagination.next_url.
// Reddit refuses API calls without a descriptive User-Agent (https://github.com/reddit-archive/reddit/wiki/API).
import { z } from "zod";
import { collectItems, paginate } from "../../core/paginate.js";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, fromMicros, slices, wantsHourly } from "../shared/ads-family.js";
import { num, stamp } from "../shared/records.js";

const PLATFORM = "reddit-ads";
export const REDDIT_USER_AGENT = "Signalpost/1.0 (marketing data connector; +https://signalpost.app)";
/** One report spans at most 31 days; HOUR breakdowns are kept to a week per request. */
const MAX_DAYS = { day: 31, hour: 7 };
const REPORT_FIELDS = ["IMPRESSIONS", "CLICKS", "SPEND", "KEY_CONVERSION_TOTAL_COUNT"];

const pagination = z.object({ next_url: z.string().nullish() }).nullish();
const list = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), pagination });
const businesses = list(z.object({ id: z.string(), name: z.string() }));
const adAccounts = list(z.object({ id: z.string(), name: z.string(), currency: z.string().nullish(), time_zone_id: z.string().nullish(), admin_approval: z.string().nullish() }));
const campaigns = list(z.object({ id: z.string(), name: z.string(), configured_status: z.string().nullish(), effective_status: z.string().nullish() }));
const report = z.object({ data: z.object({ metrics: z.array(z.record(z.string(), z.unknown())) }), pagination });

/** Every item of a GET listing, following absolute pagination.next_url links. */
function listAll<T>(ctx: ConnectorContext, url: string, schema: z.ZodType<{ data: T[]; pagination?: { next_url?: string | null } | null }>): Promise<T[]> {
  return collectItems(
    paginate<T, string>(async (next) => {
      const page = await ctx.http.json({ url: next ?? url, query: next ? undefined : { page_size: 1000 } }, schema);
      return { items: page.data, next: page.pagination?.next_url };
    }, { platform: PLATFORM }),
  );
}

const campaignsOf = (ctx: ConnectorContext, accountId: string) =>
  memoForContext(ctx, `campaigns:${accountId}`, async () => new Map((await listAll(ctx, `/ad_accounts/${accountId}/campaigns`, campaigns)).map((c) => [c.id, c])));

async function* reportRows(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean) {
  const names = byCampaign ? await campaignsOf(ctx, account.id) : undefined;
  const breakdowns = [wantsHourly(req) ? "HOUR" : "DATE", ...(byCampaign ? ["CAMPAIGN_ID"] : [])];
  for (const slice of slices(range, req, MAX_DAYS)) {
    const json = { data: { breakdowns, fields: REPORT_FIELDS, starts_at: `${slice.start}T00:00:00Z`, ends_at: `${slice.end}T23:00:00Z`, time_zone_id: account.timezone } };
    yield* paginate<Record<string, unknown>, string>(async (next) => {
      const page = await ctx.http.json({ method: "POST", url: next ?? `/ad_accounts/${account.id}/reports`, account: account.id, json }, report);
      return {
        items: page.data.metrics.map((m) => ({ ...m, _campaign: names?.get(String(m.campaign_id ?? "")) })),
        next: page.pagination?.next_url,
      };
    }, { platform: PLATFORM });
  }
}

function record(m: Record<string, any>, account: Account): Row {
  // DATE rows carry "date" (YYYY-MM-DD); HOUR rows an "hour" timestamp, both in time_zone_id.
  const when = m.hour ? stamp(String(m.hour), account.timezone, { sourceZone: account.timezone }) : { date: String(m.date ?? "").slice(0, 10), hour: null };
  return {
    ...when,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: m.campaign_id === undefined ? null : String(m.campaign_id),
    campaign_name: m._campaign?.name ?? null,
    campaign_status: m._campaign?.configured_status ?? null,
    impressions: num(m.impressions),
    clicks: num(m.clicks),
    cost: fromMicros(m.spend),
    conversions: num(m.key_conversion_total_count),
  };
}

export const redditAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Reddit",
  // Reports are asked in each ad account's time_zone_id; spend is in its currency.
  timezone: "account",
  currency: "account",
  // Conversions are attributed with a 28-day click / 1-day view window by default, and Reddit says
  // data takes up to a few hours to settle (https://business.reddithelp.com/s/article/conversion-attribution).
  restatementDays: 28,
  allowedHosts: ["ads-api.reddit.com", "www.reddit.com"],
  defaultBaseUrl: "https://ads-api.reddit.com/api/v3",
  supportsHourly: true,
  // The Ads API allows about one request per second per app and user: a bucket of 60 a minute.
  rateLimit: { maxConcurrent: 1, reservoir: { amount: 60, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://www.reddit.com/api/v1/authorize",
    tokenUrl: "https://www.reddit.com/api/v1/access_token",
    scopes: ["adsread"],
    // A refresh token is issued only for duration=permanent; the token endpoint wants HTTP Basic.
    extraAuthorizeParams: { duration: "permanent" },
    clientAuth: "basic",
  },
  headers: () => ({ "user-agent": REDDIT_USER_AGENT }),
  errorMessage: (body: { error?: { message?: string; code?: string | number } | string; message?: string }) =>
    typeof body?.error === "object" ? body.error.message : (body?.message ?? (typeof body?.error === "string" ? body.error : undefined)),

  async check(ctx) {
    const me = await ctx.http.json({ url: "/me" }, z.object({ data: z.object({ username: z.string().nullish(), email: z.string().nullish() }).nullish() }));
    return { ok: true, identity: me.data?.username ?? me.data?.email ?? undefined };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for (const business of await listAll(ctx, "/me/businesses", businesses)) {
      for (const a of await listAll(ctx, `/businesses/${business.id}/ad_accounts`, adAccounts)) {
        out.push({ id: a.id, name: a.name, timezone: a.time_zone_id || "UTC", currency: a.currency || "USD", status: "active" });
      }
    }
    return out;
  },
  reports: [
    {
      id: "account",
      name: "Ad account",
      description: "Ad account totals by day or hour.",
      fields: adsFields("account", { hourly: true, extra: [CPM_FIELD] }),
      fetch: (ctx, account, range, req) => reportRows(ctx, account, range, req, false),
      record,
    },
    {
      id: "campaign",
      name: "Campaigns",
      description: "Campaign performance by day or hour (CAMPAIGN_ID breakdown).",
      fields: adsFields("campaign", { hourly: true, extra: [CPM_FIELD] }),
      fetch: (ctx, account, range, req) => reportRows(ctx, account, range, req, true),
      record,
    },
  ],
});
