// Pinterest organic analytics through API v5 for the connected user's account:
// /user_account (the account), /user_account/analytics (daily_metrics per UTC day for
// start_date..end_date, at most 90 days per call) and /user_account/analytics/top_pins (the top 50
// pins of a range by a metric, with their totals).
// https://developers.pinterest.com/docs/api/v5/user_account-analytics
// https://developers.pinterest.com/docs/api/v5/user_account-analytics-top_pins
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange, FieldDef } from "../../core/types.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "pinterest-organic";
const WINDOW_DAYS = 90;
/** Our metric id -> Pinterest's metric type. */
const METRICS: Record<string, string> = { impressions: "IMPRESSION", saves: "SAVE", pin_clicks: "PIN_CLICK", outbound_clicks: "OUTBOUND_CLICK", engagements: "ENGAGEMENT", video_views: "VIDEO_MRC_VIEW" };
const METRIC_FIELDS: FieldDef[] = [
  metric("impressions", "Impressions", "NUMBER", "SUM", "Times the pins were on screen."),
  metric("saves", "Saves", "NUMBER", "SUM", "Times the pins were saved."),
  metric("pin_clicks", "Pin clicks", "NUMBER", "SUM", "Clicks to the pins' close-ups."),
  metric("outbound_clicks", "Outbound clicks", "NUMBER", "SUM", "Clicks to the pins' destination URLs."),
  metric("engagements", "Engagements", "NUMBER", "SUM", "Saves, clicks, reactions and comments."),
  metric("video_views", "Video views", "NUMBER", "SUM", "Video views of at least 2 seconds at 50% in view."),
  metric("engagement_rate", "Engagement rate", "PERCENT", "AVG", "Engagements / impressions."),
];
const DERIVED = { engagement_rate: (g: Record<string, unknown>) => (num(g.impressions) ? Math.round((num(g.engagements) / num(g.impressions)) * 1e6) / 1e6 : 0) };

const metricsOf = (m: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(METRICS).map(([id, api]) => [id, num(m?.[api])]));

const analytics = z.object({ all: z.object({ daily_metrics: z.array(z.object({ date: z.string(), data_status: z.string().optional(), metrics: z.record(z.string(), z.unknown()).optional() })).default([]) }).optional() });
const topPins = z.object({ pins: z.array(z.object({ pin_id: z.string(), metrics: z.record(z.string(), z.unknown()).optional() })).default([]) });
const me = z.object({ username: z.string(), account_type: z.string().optional(), business_name: z.string().nullish(), id: z.string().optional() });

const query = (range: DateRange) => ({ start_date: range.start, end_date: range.end, metric_types: Object.values(METRICS).join(","), app_types: "ALL", content_type: "ALL", source: "ALL" });

async function* daily(ctx: ConnectorContext, account: Account, range: DateRange) {
  for (const window of splitDateRange(range, WINDOW_DAYS)) {
    const body = await ctx.http.json({ url: "/user_account/analytics", account: account.id, query: { ...query(window), split_field: "NO_SPLIT" } }, analytics);
    // READY days only: PROCESSING ones come back with partial or no metrics.
    const days = (body.all?.daily_metrics ?? []).filter((d) => (d.data_status ?? "READY") === "READY");
    if (days.length > 0) yield days;
  }
}

async function* top(ctx: ConnectorContext, account: Account, range: DateRange) {
  const body = await ctx.http.json({ url: "/user_account/analytics/top_pins", account: account.id, query: { ...query(range), sort_by: "IMPRESSION", num_of_pins: 50 } }, topPins);
  if (body.pins.length > 0) yield body.pins;
}

export const pinterestOrganicConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  // "start_date/end_date ... in UTC": analytics days are UTC days.
  timezone: { fixed: "UTC" },
  currency: "none",
  // Days stay PROCESSING for up to two days before READY (data_status), and Pinterest backfills
  // engagement for a few days: re-read the last 3.
  restatementDays: 3,
  allowedHosts: ["api.pinterest.com", "www.pinterest.com"],
  defaultBaseUrl: "https://api.pinterest.com/v5",
  // Analytics endpoints allow ~300 calls per minute per user (https://developers.pinterest.com/docs/reference/ratelimits/).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 250, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    scopes: ["user_accounts:read", "pins:read", "boards:read"],
    scopeSeparator: ",",
    clientAuth: "basic",
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Pinterest",
    message: (b) => (b?.message ? `${b.message}${b.code !== undefined ? ` (code ${b.code})` : ""}` : undefined),
    reconnect: "Reconnect the Pinterest Organic source.",
    isAuthError: (b) => b?.code === 2,
  }),
  async check(ctx) {
    const user = await ctx.http.json({ url: "/user_account" }, me);
    return { ok: true, identity: user.business_name ?? user.username };
  },
  async listAccounts(ctx) {
    const user = await ctx.http.json({ url: "/user_account" }, me);
    return [{ id: user.username, name: user.business_name ?? user.username, timezone: "UTC", currency: "USD", status: "active" }];
  },
  reportHelp: "Account analytics per day, or the range's top pins by impressions.",
  reports: [
    {
      id: "account",
      name: "Account",
      description: "The account's pins' impressions, saves and clicks per day.",
      fields: [dim("date", "Date", "YEAR_MONTH_DAY", "The day (UTC)."), dim("username", "Username", "TEXT", "The Pinterest username."), ...METRIC_FIELDS],
      fetch: daily,
      record: (d: { date: string; metrics?: Record<string, unknown> }, account) => ({ date: d.date, username: account.id, ...metricsOf(d.metrics) }),
      derived: DERIVED,
    },
    {
      id: "top_pins",
      name: "Top pins",
      description: "The 50 pins with the most impressions over the range, with their totals.",
      fields: [dim("username", "Username", "TEXT", "The Pinterest username."), dim("pin_id", "Pin ID", "TEXT", "The pin id."), ...METRIC_FIELDS],
      fetch: top,
      record: (p: { pin_id: string; metrics?: Record<string, unknown> }, account) => ({ username: account.id, pin_id: p.pin_id, ...metricsOf(p.metrics) }),
      derived: DERIVED,
    },
  ],
});
