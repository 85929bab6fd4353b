// Spotify Ads through the Spotify Ads API v3 (https://developer.spotify.com/documentation/ads-api):
// businesses and their ad accounts (offset/limit), and GET /ad_accounts/{id}/aggregate_reports by
// campaign with granularity DAY or HOUR between report_start and report_end, paged by
// continuation_token; each row carries its stats as [{field_type, field_value}]. The account
// report rolls the campaign rows up (records.ts aggregation).
import { DateTime } from "luxon";
import { z } from "zod";
import { collectItems, nextOffset, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, REACH_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { num, stamp } from "../shared/records.js";
import { metric } from "../../core/field-defs.js";

const PLATFORM = "spotify-ads";
const LIMIT = 50;
/** Keep each aggregate report to a month by day and a week by hour. */
const MAX_DAYS = { day: 31, hour: 7 };
const FIELDS = ["IMPRESSIONS", "CLICKS", "SPEND", "REACH", "STREAMS", "COMPLETES"];

const businesses = z.object({ businesses: z.array(z.object({ id: z.string(), name: z.string() })) });
const adAccounts = z.object({ ad_accounts: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string().optional(), timezone: z.string().optional(), status: z.string().optional() })) });
const reportPage = z.object({
  rows: z.array(
    z.object({
      entity_id: z.string(),
      entity_name: z.string().optional(),
      entity_status: z.string().optional(),
      start_time: z.string(),
      stats: z.array(z.object({ field_type: z.string(), field_value: z.union([z.number(), z.string()]).nullish() })),
    }),
  ),
  continuation_token: z.string().nullish(),
});
type ReportRow = z.infer<typeof reportPage>["rows"][number];

function listing<K extends string, T>(ctx: ConnectorContext, url: string, key: K, schema: z.ZodType<Record<K, T[]>>) {
  return collectItems(
    paginate<T, number>(async (offset = 0) => {
      const page = await ctx.http.json({ url, query: { offset, limit: LIMIT } }, schema);
      return { items: page[key], next: nextOffset(offset, page[key].length, LIMIT) };
    }, { platform: PLATFORM }),
  );
}

async function* aggregate(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  const at = (day: string, plus = 0) => DateTime.fromISO(day, { zone: account.timezone }).plus({ days: plus }).toISO({ suppressMilliseconds: true })!;
  for (const slice of slices(range, req, MAX_DAYS)) {
    yield* paginate<ReportRow, string>(async (continuation_token) => {
      const page = await ctx.http.json(
        {
          url: `/ad_accounts/${account.id}/aggregate_reports`,
          account: account.id,
          query: {
            entity_type: "CAMPAIGN",
            fields: FIELDS.join(","),
            granularity: wantsHourly(req) ? "HOUR" : "DAY",
            report_start: at(slice.start),
            report_end: at(slice.end, 1),
            limit: LIMIT,
            continuation_token,
          },
        },
        reportPage,
      );
      return { items: page.rows, next: page.continuation_token };
    }, { platform: PLATFORM });
  }
}

function record(row: ReportRow, account: Account): Row {
  const stat = (type: string) => num(row.stats.find((s) => s.field_type === type)?.field_value);
  return {
    ...stamp(row.start_time, account.timezone),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: row.entity_id,
    campaign_name: row.entity_name ?? null,
    campaign_status: row.entity_status ?? null,
    impressions: stat("IMPRESSIONS"),
    clicks: stat("CLICKS"),
    // SPEND is in the ad account's currency units.
    cost: stat("SPEND"),
    reach: stat("REACH"),
    streams: stat("STREAMS"),
    completes: stat("COMPLETES"),
  };
}

const EXTRA = [
  CPM_FIELD,
  REACH_FIELD,
  metric("streams", "Streams", "NUMBER", "SUM", "Streams of the promoted content by listeners who heard the ad."),
  metric("completes", "Completes", "NUMBER", "SUM", "Audio or video ads played to the end."),
];
// Spotify's aggregate reports carry no conversions: only delivery and listening metrics.
const fields = (level: "account" | "campaign") => adsFields(level, { hourly: true, conversions: false, extra: EXTRA });

export const spotifyAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Spotify Ads",
  // Report windows are asked at the ad account's midnights; money in its currency.
  timezone: "account",
  currency: "account",
  // Delivery figures are final within about two days (no conversion attribution in these reports):
  // re-read three days.
  restatementDays: 3,
  allowedHosts: ["api-partner.spotify.com", "accounts.spotify.com"],
  defaultBaseUrl: "https://api-partner.spotify.com/ads/v3",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2, minTimeMs: 100 },
  oauth2: {
    authorizeUrl: "https://accounts.spotify.com/authorize",
    tokenUrl: "https://accounts.spotify.com/api/token",
    // The Ads API needs no Web API scope; access follows the user's Ad Studio roles.
    scopes: [],
    clientAuth: "basic",
  },
  errorMessage: (body: { error?: { message?: string } | string; message?: string; error_description?: string }) =>
    typeof body?.error === "object" ? body.error.message : (body?.message ?? body?.error_description ?? (typeof body?.error === "string" ? body.error : undefined)),

  async check(ctx) {
    const list = await listing(ctx, "/businesses", "businesses", businesses);
    return { ok: true, identity: list.map((b) => b.name).join(", ") || undefined };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for (const business of await listing(ctx, "/businesses", "businesses", businesses)) {
      for (const a of await listing(ctx, `/businesses/${business.id}/ad_accounts`, "ad_accounts", adAccounts)) {
        out.push({ id: a.id, name: a.name, timezone: a.timezone || "UTC", currency: a.currency || "USD", status: !a.status || a.status === "ACTIVE" ? "active" : a.status.toLowerCase() });
      }
    }
    return out;
  },
  reports: [
    { id: "account", name: "Ad account", description: "Ad account totals by day or hour (campaign rows rolled up).", fields: fields("account"), fetch: aggregate, record },
    { id: "campaign", name: "Campaigns", description: "Campaign delivery by day or hour (aggregate_reports, entity_type CAMPAIGN).", fields: fields("campaign"), fetch: aggregate, record },
  ],
});
