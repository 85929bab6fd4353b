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
import { InvalidRequestError } from "../../core/errors.js";
import { adsConnector, fromMicros, slices, wantsHourly } from "../shared/ads-family.js";
import { assertColumnsCompatible, incompatibleWith } from "../shared/column-catalogue.js";
import { numOrNull, stamp } from "../shared/records.js";
import { isMicros, SNAPCHAT_COLUMNS } from "./catalogue.data.js";
import { DERIVED_PARTS, DIMENSION_BY_NAME, reportDimensionOf, SNAPCHAT_FIELDS, SNAPCHAT_LEVELS, SNAPCHAT_RULES, type SnapchatLevel } from "./fields.js";

const PLATFORM = "snapchat-ads";
/** Stats requests span at most 31 days by DAY and 7 days by HOUR (Measurement, "Granularity"). */
const MAX_DAYS = { day: 31, hour: 7 };

const paging = z.object({ next_link: z.string().optional() }).optional();
const me = z.object({ me: z.object({ email: z.string().nullish(), display_name: z.string().nullish() }).nullish() });
const organizations = z.object({ organizations: z.array(z.object({ organization: z.object({ id: z.string(), name: z.string() }) })), paging });
const adAccounts = z.object({
  adaccounts: z.array(z.object({ adaccount: z.object({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string(), status: z.string().optional() }) })),
  paging,
});
const campaigns = z.object({ campaigns: z.array(z.object({ campaign: z.object({ id: z.string(), name: z.string(), status: z.string().optional() }) })), paging });
/** A point: its stats, or with a report_dimension one stats object per dimension value. */
const series = z.array(z.object({ start_time: z.string(), stats: z.record(z.string(), z.unknown()).optional(), dimension_stats: z.array(z.record(z.string(), z.unknown())).optional() }));
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
        breakdown_stats: z.record(z.string(), z.array(z.object({ id: z.string(), timeseries: series }))).optional(),
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
  entity?: { id: string; name?: string; status?: string };
}

/** The stats fields a read asks for (the columns of the requested metrics and of the ratios' parts). */
function statsFieldsOf(req: ReadRequest): string[] {
  const ids = new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)]);
  for (const [derived, parts] of Object.entries(DERIVED_PARTS)) if (ids.has(derived)) parts.forEach((p) => ids.add(p));
  const columns = Object.values(SNAPCHAT_COLUMNS).filter((c) => ids.has(c.id)).map((c) => c.column);
  return columns.length > 0 ? columns : ["impressions"];
}

async function* stats(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, level: SnapchatLevel): AsyncGenerator<StatPoint[]> {
  const names = level.breakdown === "campaign" && req.fields.some((f) => f === "campaign_name" || f === "campaign_status") ? await campaignsOf(ctx, account.id) : undefined;
  const dimension = reportDimensionOf(req.fields);
  if (dimension && wantsHourly(req)) throw new InvalidRequestError("Snapchat reports breakdowns by country, age, ... by day only. Read them by day.");
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
          fields: statsFieldsOf(req).join(","),
          breakdown: level.breakdown,
          report_dimension: dimension,
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
    const points = (timeseries: z.infer<typeof series>, entity?: StatPoint["entity"]): StatPoint[] =>
      timeseries.flatMap((t) => (t.dimension_stats ? t.dimension_stats.map((d) => ({ at: t.start_time, stats: d, entity })) : [{ at: t.start_time, stats: t.stats ?? {}, entity }]));
    for (const { timeseries_stat: stat } of body.timeseries_stats) {
      if (level.breakdown) {
        for (const entry of stat.breakdown_stats?.[level.breakdown] ?? []) yield points(entry.timeseries, { id: entry.id, ...names?.get(entry.id) });
      } else yield points(stat.timeseries ?? []);
    }
  }
}

function record(point: StatPoint, account: Account, level: SnapchatLevel): Row {
  const s = point.stats;
  const row: Row = {
    ...stamp(point.at, account.timezone),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
  };
  if (level.breakdown) {
    row[`${level.idPrefix}_id`] = point.entity?.id ?? null;
    if (level.breakdown === "campaign") {
      row.campaign_name = point.entity?.name ?? null;
      row.campaign_status = point.entity?.status ?? null;
    }
  }
  for (const [name, value] of Object.entries(s)) {
    const column = SNAPCHAT_COLUMNS[name];
    if (column) row[column.id] = isMicros(name) ? fromMicros(value) : column.fieldType === "PERCENT" ? ratioOf(value) : numOrNull(value);
    else if (DIMENSION_BY_NAME.has(name)) row[DIMENSION_BY_NAME.get(name)!] = value === null || value === undefined ? null : String(value);
  }
  return row;
}

/** Snapchat writes percentages as 2.5 for 2.5 %. */
const ratioOf = (value: unknown): number | null => {
  const n = numOrNull(value);
  return n === null ? null : Math.round((n / 100) * 1e8) / 1e8;
};

/**
 * The message of a Snapchat error body: display_message or debug_message when present, else `msg`
 * (what most 4xx answers carry: {"request_status": "ERROR", "request_id": ..., "msg": ...}).
 */
export function snapchatErrorMessage(body: { debug_message?: unknown; display_message?: unknown; msg?: unknown; error_code?: unknown }): string | undefined {
  const text = [body?.display_message, body?.debug_message, body?.msg].find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (!text) return undefined;
  return `${text}${typeof body.error_code === "string" ? ` (${body.error_code})` : ""}`;
}

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
    const user = (await ctx.http.json({ url: "/me" }, me)).me;
    return { ok: true, identity: user?.email ?? user?.display_name ?? undefined };
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
  reportHelp: "Which Snapchat Ads level to read.",
  reports: SNAPCHAT_LEVELS.map((level) => ({
    id: level.id,
    name: level.name,
    description: level.description,
    fields: SNAPCHAT_FIELDS[level.id],
    fetch: (ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) => {
      assertColumnsCompatible(PLATFORM, SNAPCHAT_FIELDS[level.id].map((f) => f.id), req.fields, SNAPCHAT_RULES);
      return stats(ctx, account, range, req, level);
    },
    record: (point: StatPoint, account: Account) => record(point, account, level),
  })),
  async incompatibleFields(_ctx, { report, selected }) {
    const fields = SNAPCHAT_FIELDS[report ?? "account"] ?? [];
    return incompatibleWith(fields.map((f) => f.id), selected, SNAPCHAT_RULES);
  },
});
