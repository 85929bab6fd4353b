// Bing Webmaster Tools API, JSON endpoints of https://ssl.bing.com/webmaster/api.svc/json/ with
// the user's API key as the apikey query parameter
// (https://learn.microsoft.com/en-us/bingwebmaster/getting-access#using-api-key): sites from
// GetUserSites, daily clicks and impressions from GetRankAndTrafficStats, per query and per page
// from GetQueryStats and GetPageStats (https://learn.microsoft.com/en-us/dotnet/api/microsoft.bing.webmaster.api.interfaces.iwebmasterapi).
// Answers are WCF JSON: {"d": [...]} with dates as "/Date(ms±hhmm)/". The stats methods take no
// date range and no paging: they answer the site's whole history (about six months), filtered here.
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension, metric } from "../../core/field-defs.js";
import { ratio } from "../../core/aggregate.js";
import type { Account, ConnectorContext, Row } from "../../core/types.js";
import { errorBody, numberOrString } from "../shared/answers.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "bing-webmaster-tool";

const site = z.object({ Url: z.string(), IsVerified: z.boolean().nullish() });
const stats = z.object({
  Date: z.string(),
  Clicks: numberOrString.nullish(),
  Impressions: numberOrString.nullish(),
  Query: z.string().nullish(),
  AvgClickPosition: z.number().nullish(),
  AvgImpressionPosition: z.number().nullish(),
});
type Stats = z.infer<typeof stats>;
/** {"ErrorCode": 14, "Message": "..."}; anything else leaves the status rules. */
const apiError = z.object({ ErrorCode: z.number().nullish().catch(undefined) });

/** Api.ErrorCode values (https://learn.microsoft.com/en-us/dotnet/api/microsoft.bing.webmaster.api.interfaces.apierrorcode). */
const INVALID_API_KEY = 3;
const THROTTLE_USER = 4;
const THROTTLE_HOST = 5;
const USER_BLOCKED = 6;
const NOT_AUTHORIZED = 14;

/** "/Date(1710720000000-0700)/" -> the calendar day in the offset it names (UTC without one). */
export function wcfDate(value: string): string | null {
  const m = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(value ?? "");
  if (!m) return null;
  const zone = m[2] ? `UTC${m[2].slice(0, 3)}:${m[2].slice(3)}` : "UTC";
  return DateTime.fromMillis(Number(m[1]), { zone }).toISODate();
}

/** A WCF JSON answer {"d": [...]}; d is null when there is nothing. */
async function call<T>(ctx: ConnectorContext, method: string, item: z.ZodType<T>, siteUrl?: string): Promise<T[]> {
  const body = await ctx.http.json({ url: `/${method}`, query: siteUrl ? { siteUrl } : {}, account: siteUrl }, z.object({ d: z.array(item).nullable() }));
  return body.d ?? [];
}

async function listSites(ctx: ConnectorContext): Promise<Account[]> {
  const sites = await call(ctx, "GetUserSites", site);
  // Stats carry no money; Bing's reporting day follows the date offset it writes, read per row.
  return sites.map((s) => ({ id: s.Url, name: s.Url, timezone: "UTC", currency: "USD", status: s.IsVerified === false ? "unverified" : "active" }));
}

const siteField = dimension("site_url", "Site", "URL", "The site as registered in Bing Webmaster Tools.");
const date = dimension("date", "Date", "YEAR_MONTH_DAY", "Day of the statistics (GetQueryStats and GetPageStats bucket them by week).");
const clicks = metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks from Bing results to the site.");
const impressions = metric("impressions", "Impressions", "NUMBER", "SUM", "Times the site appeared in Bing results.");
const ctr = metric("ctr", "CTR", "PERCENT", "AVG", "Clicks divided by impressions.");
const positions = [
  metric("avg_click_position", "Average click position", "NUMBER", "AVG", "Average position of the result when clicked."),
  metric("avg_impression_position", "Average impression position", "NUMBER", "AVG", "Average position of the result when shown."),
];
const derived = { ctr: (g: Row) => ratio(g.clicks, g.impressions, 4) };

function statsReport(id: string, name: string, description: string, method: string, key?: { id: string; def: ReturnType<typeof dimension> }) {
  return {
    id,
    name,
    description,
    fields: [date, siteField, ...(key ? [key.def] : []), clicks, impressions, ctr, ...(key ? positions : [])],
    derived,
    async *fetch(ctx: ConnectorContext, account: Account) {
      const found = await call(ctx, method, stats, account.id);
      if (found.length > 0) yield found;
    },
    record(s: Stats, account: Account): Row {
      const row: Row = { date: wcfDate(s.Date), site_url: account.id, clicks: num(s.Clicks), impressions: num(s.Impressions) };
      if (key) {
        row[key.id] = s.Query ?? null;
        row.avg_click_position = s.AvgClickPosition ?? null;
        row.avg_impression_position = s.AvgImpressionPosition ?? null;
      }
      return row;
    },
  };
}

const errors = platformErrors({
  platform: PLATFORM,
  displayName: "Bing Webmaster Tools",
  message: (b: { Message?: string; ErrorCode?: number }) => (b && typeof b.Message === "string" ? b.Message.replace(/^ERROR!!!\s*/, "") : undefined),
  reconnect: "Generate a new API key in Bing Webmaster Tools (Settings > API access) and reconnect the source.",
  isAuthError: (b: { ErrorCode?: number }) => b?.ErrorCode === INVALID_API_KEY || b?.ErrorCode === USER_BLOCKED,
  isTransient: (b: { ErrorCode?: number }) => b?.ErrorCode === THROTTLE_USER || b?.ErrorCode === THROTTLE_HOST,
});

export const bingWebmasterToolConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize(request, credential) {
    if (credential.type === "api-key") request.url.searchParams.set("apikey", credential.key);
  },
  classifyError(response, request) {
    const code = errorBody(response, apiError)?.ErrorCode;
    // NotAuthorized: the key's user does not own (or no longer verifies) the site.
    if (code === NOT_AUTHORIZED && response.status !== 401) {
      return new ConnectorError({ kind: "config", platform: PLATFORM, status: response.status, message: "Bing Webmaster Tools says this API key's user cannot read the site: verify the site in Bing Webmaster Tools with that user, then refresh the connection." });
    }
    return errors(response, request);
  },
  timezone: "account",
  currency: "none",
  // Bing fills a day's search statistics in over the following two or three days
  // (https://www.bing.com/webmasters/help/search-performance-e5a1f9d8): re-read 3 days.
  restatementDays: 3,
  allowedHosts: ["ssl.bing.com"],
  defaultBaseUrl: "https://ssl.bing.com/webmaster/api.svc/json",
  // The API throttles per user (ErrorCode ThrottleUser); a few calls a second stay clear of it.
  rateLimit: { maxConcurrent: 1, minTimeMs: 250 },
  async check(ctx) {
    const sites = await listSites(ctx);
    return { ok: true, identity: `${sites.length} Bing Webmaster site${sites.length === 1 ? "" : "s"}` };
  },
  listAccounts: listSites,
  reportHelp: "Site totals, top queries or top pages.",
  reports: [
    statsReport("traffic", "Traffic", "Daily clicks and impressions of the site in Bing (GetRankAndTrafficStats).", "GetRankAndTrafficStats"),
    statsReport("queries", "Queries", "Clicks, impressions and positions per search query (GetQueryStats).", "GetQueryStats", { id: "query", def: dimension("query", "Query", "TEXT", "The search query.") }),
    statsReport("pages", "Pages", "Clicks, impressions and positions per page (GetPageStats).", "GetPageStats", { id: "page", def: dimension("page", "Page", "URL", "The page of the site.") }),
  ],
});
