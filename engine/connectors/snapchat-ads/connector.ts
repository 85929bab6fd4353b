// Snapchat Ads through the Marketing API v1 (https://developers.snap.com/api/marketing-api/Ads-API/):
// organizations and their ad accounts (paging.next_link cursors), campaign names, and measurement
// from GET /adaccounts/{id}/stats with granularity DAY or HOUR, bounded by start_time/end_time at
// midnights of the ad account's timezone, optionally broken down by campaign.
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { memoForContext } from "../../core/context-cache.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, fromMicros, slices, wantsHourly } from "../shared/ads-family.js";
import { numOrNull, stamp } from "../shared/records.js";

const PLATFORM = "snapchat-ads";
/** Stats requests span at most 31 days by DAY and 7 days by HOUR (Measurement, "Granularity"). */
const MAX_DAYS = { day: 31, hour: 7 };
const STATS_FIELDS = "impressions,swipes,spend,conversion_purchases,conversion_purchases_value";

const paging = z.object({ next_link: z.string().optional() }).optional();
const organizations = z.object({ organizations: z.array(z.object({ organization: z.object({ id: z.string(), name: z.string() }) })), paging });
const adAccounts = z.object({
  adaccounts: z.array(z.object({ adaccount: z.object({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string(), status: z.string().optional() }) })),
  paging,
});
const campaigns = z.object({ campaigns: z.array(z.object({ campaign: z.object({ id: z.string(), name: z.string(), status: z.string().optional() }) })), paging });
const series = z.array(z.object({ start_time: z.string(), stats: z.record(z.string(), z.unknown()) }));
const statsPayload = z.object({
  request_status: z.string().optional(),
  msg: z.string().optional(),
  timeseries_stats: z.array(
    z.object({
      sub_request_status: z.string().optional(),
      sub_request_error_reason: z.string().optional(),
      timeseries_stat: z.object({
        id: z.string(),
        timeseries: series.optional(),
        breakdown_stats: z.object({ campaign: z.array(z.object({ id: z.string(), timeseries: series })).optional() }).optional(),
      }),
    }),
  ),
});

/** Every item of a listing that pages through absolute paging.next_link URLs. */
function linked<T>(ctx: ConnectorContext, first: string, pick: (page: any) => T[], schema: z.ZodType<any>): Promise<T[]> {
  return collectItems(
    paginate<T, string>(async (link) => {
      const page = await ctx.http.json({ url: link ?? first, query: link ? undefined : { limit: 1000 } }, schema);
      return { items: pick(page), next: page.paging?.next_link };
    }, { platform: PLATFORM }),
  );
}

const campaignsOf = (ctx: ConnectorContext, accountId: string) =>
  memoForContext(ctx, `campaigns:${accountId}`, () =>
    linked(ctx, `/adaccounts/${accountId}/campaigns`, (p: z.infer<typeof campaigns>) => p.campaigns.map((c) => c.campaign), campaigns).then((list) => new Map(list.map((c) => [c.id, c]))),
  );

interface StatPoint {
  at: string;
  stats: Record<string, unknown>;
  campaign?: { id: string; name?: string; status?: string };
}

async function* stats(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byCampaign: boolean): AsyncGenerator<StatPoint[]> {
  const names = byCampaign ? await campaignsOf(ctx, account.id) : undefined;
  for (const slice of slices(range, req, MAX_DAYS)) {
    const midnight = (day: string, plus = 0) => DateTime.fromISO(day, { zone: account.timezone }).plus({ days: plus }).toISO({ suppressMilliseconds: false })!;
    const body = await ctx.http.json(
      {
        url: `/adaccounts/${account.id}/stats`,
        account: account.id,
        query: {
          granularity: wantsHourly(req) ? "HOUR" : "DAY",
          start_time: midnight(slice.start),
          end_time: midnight(slice.end, 1),
          fields: STATS_FIELDS,
          breakdown: byCampaign ? "campaign" : undefined,
        },
      },
      statsPayload,
    );
    // A 200 can still carry a failed part (request_status ERROR or PARTIAL, a sub_request_status
    // ERROR): the rows would be silently short, so the read fails instead.
    const failed = body.timeseries_stats.find((t) => t.sub_request_status && t.sub_request_status !== "SUCCESS");
    if (body.request_status === "ERROR" || failed) {
      throw new ConnectorError({
        kind: "system",
        platform: PLATFORM,
        message: `Snapchat could not compute the stats of ad account ${account.id}: ${snapchatErrorMessage(body) ?? failed?.sub_request_error_reason ?? "a part of the answer failed"}.`,
      });
    }
    for (const { timeseries_stat: stat } of body.timeseries_stats) {
      if (byCampaign) {
        for (const entry of stat.breakdown_stats?.campaign ?? []) {
          const campaign = { id: entry.id, ...names?.get(entry.id) };
          yield entry.timeseries.map((t) => ({ at: t.start_time, stats: t.stats, campaign }));
        }
      } else yield (stat.timeseries ?? []).map((t) => ({ at: t.start_time, stats: t.stats }));
    }
  }
}

function record(point: StatPoint, account: Account): Row {
  const s = point.stats;
  return {
    ...stamp(point.at, account.timezone),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: point.campaign?.id ?? null,
    campaign_name: point.campaign?.name ?? null,
    campaign_status: point.campaign?.status ?? null,
    impressions: numOrNull(s.impressions),
    // A swipe up is Snapchat's click.
    clicks: numOrNull(s.swipes),
    cost: fromMicros(s.spend),
    conversions: numOrNull(s.conversion_purchases),
    conversion_value: fromMicros(s.conversion_purchases_value),
  };
}

/**
 * The message of a Snapchat error body: display_message or debug_message when present, else `msg`
 * (what most 4xx answers carry: {"request_status": "ERROR", "request_id": ..., "msg": ...}).
 */
export function snapchatErrorMessage(body: { debug_message?: unknown; display_message?: unknown; msg?: unknown; error_code?: unknown }): string | undefined {
  const text = [body?.display_message, body?.debug_message, body?.msg].find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (!text) return undefined;
  return `${text}${typeof body.error_code === "string" ? ` (${body.error_code})` : ""}`;
}

const fieldsOf = (level: "account" | "campaign") => adsFields(level, { hourly: true, conversionValue: true, extra: [CPM_FIELD] });

export const snapchatAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Snapchat",
  // start_time/end_time must fall on the ad account's midnights; data is in its timezone and currency.
  timezone: "account",
  currency: "account",
  // Conversions default to a 28-day swipe / 1-day view attribution window
  // (https://developers.snap.com/api/marketing-api/Ads-API/measurement#attribution-windows).
  restatementDays: 28,
  allowedHosts: ["adsapi.snapchat.com", "accounts.snapchat.com"],
  defaultBaseUrl: "https://adsapi.snapchat.com/v1",
  supportsHourly: true,
  // Marketing API allows ~20 requests per second per token; stay well below.
  rateLimit: { maxConcurrent: 4, minTimeMs: 100 },
  oauth2: {
    authorizeUrl: "https://accounts.snapchat.com/login/oauth2/authorize",
    tokenUrl: "https://accounts.snapchat.com/login/oauth2/access_token",
    scopes: ["snapchat-marketing-api"],
  },
  errorMessage: snapchatErrorMessage,

  async check(ctx) {
    const me = await ctx.http.json<{ me?: { email?: string; display_name?: string } }>({ url: "/me" });
    return { ok: true, identity: me.me?.email ?? me.me?.display_name };
  },
  async listAccounts(ctx) {
    const orgs = await linked(ctx, "/me/organizations", (p: z.infer<typeof organizations>) => p.organizations.map((o) => o.organization), organizations);
    const accounts: Account[] = [];
    for (const org of orgs) {
      const list = await linked(ctx, `/organizations/${org.id}/adaccounts`, (p: z.infer<typeof adAccounts>) => p.adaccounts.map((a) => a.adaccount), adAccounts);
      for (const a of list) accounts.push({ id: a.id, name: a.name, timezone: a.timezone, currency: a.currency, status: a.status === "ACTIVE" ? "active" : (a.status ?? "").toLowerCase() || undefined });
    }
    return accounts;
  },
  reports: [
    {
      id: "account",
      name: "Ad account",
      description: "Ad account totals by day or hour.",
      fields: fieldsOf("account"),
      fetch: (ctx, account, range, req) => stats(ctx, account, range, req, false),
      record,
    },
    {
      id: "campaign",
      name: "Campaigns",
      description: "Campaign performance by day or hour (stats broken down by campaign).",
      fields: fieldsOf("campaign"),
      fetch: (ctx, account, range, req) => stats(ctx, account, range, req, true),
      record,
    },
  ],
});
