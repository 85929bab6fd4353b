// Pinterest Ads through the Pinterest REST API v5 (https://developers.pinterest.com/docs/api/v5/):
// ad accounts listed with bookmark paging, account totals from the synchronous
// GET /ad_accounts/{id}/analytics, campaign rows from an asynchronous report
// (POST /ad_accounts/{id}/reports, poll GET .../reports?token=, download the JSON file it points to).
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, adsFields, CPM_FIELD, fromMicros, slices, wantsHourly } from "../shared/ads-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "pinterest-ads";
/** Analytics ranges: 90 days by day, and hourly data only for short ranges (API reference, analytics endpoints). */
const MAX_DAYS = { day: 90, hour: 3 };
/** Error codes Pinterest documents as retryable. */
export const PINTEREST_RETRYABLE_CODES = new Set([1, 12]);
const COLUMNS = ["SPEND_IN_MICRO_DOLLAR", "IMPRESSION_1", "CLICKTHROUGH_1", "TOTAL_CONVERSIONS", "TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR"];

const adAccounts = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string().optional(), country: z.string().optional() })),
  bookmark: z.string().nullish(),
});
const analyticsRows = z.array(z.record(z.string(), z.unknown()));
const reportState = z.object({ report_status: z.string(), url: z.string().nullish(), token: z.string().optional(), message: z.string().nullish() });

/** "2025-03-01" by day; hourly rows carry "2025-03-01 13:00:00" (or ISO with a T). */
function dateAndHour(value: unknown): { date: string; hour: number | null } {
  const text = String(value ?? "");
  const hour = /^\d{4}-\d{2}-\d{2}[ T](\d{2})/.exec(text)?.[1];
  return { date: text.slice(0, 10), hour: hour === undefined ? null : Number(hour) };
}

function metricsOf(item: Record<string, unknown>): Row {
  return {
    impressions: num(item.IMPRESSION_1),
    clicks: num(item.CLICKTHROUGH_1),
    // Despite the name, *_IN_MICRO_DOLLAR is in the ad account's currency.
    cost: fromMicros(item.SPEND_IN_MICRO_DOLLAR),
    conversions: num(item.TOTAL_CONVERSIONS),
    conversion_value: fromMicros(item.TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR),
  };
}

const base = (account: Account, item: Record<string, unknown>): Row => ({
  ...dateAndHour(item.DATE),
  account_id: account.id,
  account_name: account.name,
  account_currency: account.currency,
  ...metricsOf(item),
});

async function* accountAnalytics(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  for (const slice of slices(range, req, MAX_DAYS)) {
    const rows = await ctx.http.json(
      {
        url: `/ad_accounts/${account.id}/analytics`,
        account: account.id,
        query: { start_date: slice.start, end_date: slice.end, granularity: wantsHourly(req) ? "HOUR" : "DAY", columns: COLUMNS.join(",") },
      },
      analyticsRows,
    );
    yield rows;
  }
}

/** One async report per slice: created, polled until FINISHED, then its JSON file downloaded. */
async function* campaignReport(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  for (const slice of slices(range, req, MAX_DAYS)) {
    const created = await ctx.http.json(
      {
        method: "POST",
        url: `/ad_accounts/${account.id}/reports`,
        account: account.id,
        json: {
          start_date: slice.start,
          end_date: slice.end,
          granularity: wantsHourly(req) ? "HOUR" : "DAY",
          level: "CAMPAIGN",
          columns: ["CAMPAIGN_ID", "CAMPAIGN_NAME", "CAMPAIGN_STATUS", ...COLUMNS],
          report_format: "JSON",
        },
      },
      reportState,
    );
    if (!created.token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `Pinterest did not start the report: ${created.message ?? created.report_status}` });
    const done = await pollUntilDone({
      platform: PLATFORM,
      what: `campaign report ${created.token}`,
      signal: ctx.signal,
      check: () => ctx.http.json({ url: `/ad_accounts/${account.id}/reports`, account: account.id, query: { token: created.token } }, reportState),
      state: (s) =>
        s.report_status === "FINISHED" ? "done" : s.report_status === "IN_PROGRESS" ? "pending" : { failed: `${s.report_status}${s.message ? ` (${s.message})` : ""}` },
    });
    if (!done.url) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "Pinterest finished the report without a download URL." });
    // The file is a pre-signed storage URL: sending our Bearer token there is refused.
    const file = await ctx.http.json<Record<string, Record<string, unknown>[]>>({ url: done.url, auth: false, account: account.id });
    if (!file || typeof file !== "object" || Array.isArray(file)) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "Pinterest's report file is not the documented JSON object." });
    // JSON reports are keyed by campaign id, each holding that campaign's rows.
    for (const rows of Object.values(file)) if (Array.isArray(rows) && rows.length > 0) yield rows;
  }
}

export const pinterestAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Pinterest",
  // Analytics dates are UTC days (start_date/end_date "in UTC", API reference); ad accounts have no zone.
  timezone: { fixed: "UTC" },
  currency: "account",
  // Conversions use a 30-day click / 1-day view attribution window by default
  // (https://help.pinterest.com/en/business/article/conversion-attribution): a day keeps changing for 30 days.
  restatementDays: 30,
  allowedHosts: ["api.pinterest.com", "*.amazonaws.com", "*.pinterest.com"],
  defaultBaseUrl: "https://api.pinterest.com/v5",
  supportsHourly: true,
  // Analytics endpoints allow ~300 calls per minute per user (https://developers.pinterest.com/docs/reference/ratelimits/).
  rateLimit: { maxConcurrent: 3, reservoir: { amount: 250, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    scopes: ["ads:read", "user_accounts:read"],
    // Pinterest separates scopes with commas and authenticates the client with HTTP Basic.
    scopeSeparator: ",",
    clientAuth: "basic",
  },
  errorMessage: (body: { message?: string; code?: number }) => (body?.message ? `${body.message}${body.code !== undefined ? ` (code ${body.code})` : ""}` : undefined),
  // Code 2 "Authentication failed" can come with a 400 from older edges.
  isAuthError: (body: { code?: number }) => body?.code === 2,
  // Codes 1 (something went wrong on Pinterest's side) and 12 (the service timed out) are the ones
  // Pinterest documents as "retry the request", whatever HTTP status carries them
  // (https://developers.pinterest.com/docs/reference/errors/).
  isTransient: (body: { code?: number }) => PINTEREST_RETRYABLE_CODES.has(body?.code ?? -1),

  async check(ctx) {
    const me = await ctx.http.json<{ username?: string }>({ url: "/user_account" });
    return { ok: true, identity: me.username };
  },
  async listAccounts(ctx) {
    const items = await collectItems(
      paginate<z.infer<typeof adAccounts>["items"][number], string>(async (bookmark) => {
        const page = await ctx.http.json({ url: "/ad_accounts", query: { page_size: 250, bookmark } }, adAccounts);
        return { items: page.items, next: page.bookmark };
      }, { platform: PLATFORM }),
    );
    return items.map((a) => ({ id: a.id, name: a.name, timezone: "UTC", currency: a.currency ?? "USD", status: "active" }));
  },
  reports: [
    {
      id: "account",
      name: "Ad account",
      description: "Ad account totals by day or hour (synchronous analytics).",
      fields: adsFields("account", { hourly: true, conversionValue: true, extra: [CPM_FIELD] }),
      fetch: accountAnalytics,
      record: (item: Record<string, unknown>, account: Account) => base(account, item),
    },
    {
      id: "campaign",
      name: "Campaigns",
      description: "Campaign performance by day or hour (asynchronous report).",
      fields: adsFields("campaign", { hourly: true, conversionValue: true, extra: [CPM_FIELD] }),
      fetch: campaignReport,
      record: (item: Record<string, unknown>, account: Account) => ({
        ...base(account, item),
        campaign_id: String(item.CAMPAIGN_ID ?? ""),
        campaign_name: (item.CAMPAIGN_NAME as string) ?? null,
        campaign_status: (item.CAMPAIGN_STATUS as string) ?? null,
      }),
    },
  ],
});
