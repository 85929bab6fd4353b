// Google Search Console: properties from sites.list
// (https://developers.google.com/webmaster-tools/v1/sites/list), rows from searchAnalytics.query
// (https://developers.google.com/webmaster-tools/v1/searchanalytics/query) paged with startRow and
// rowLimit (at most 25,000 rows a request), Google OAuth 2.0 like Google Ads and GA4.
import { z } from "zod";
import type { Account, ConnectorContext } from "../../core/types.js";
import { paginate } from "../../core/paginate.js";
import { googleReportingConnector } from "../shared/google-reporting.js";
import { GSC_FIELDS, GSC_REPORTS } from "./fields.js";

const PLATFORM = "google-search-console";
/** Search Console dates are Pacific Time days (https://support.google.com/webmasters/answer/7576553). */
const ZONE = "America/Los_Angeles";

const sitesList = z.object({ siteEntry: z.array(z.object({ siteUrl: z.string(), permissionLevel: z.string() })).nullish() });
const queryAnswer = z.object({
  rows: z.array(z.object({ keys: z.array(z.string()).nullish(), clicks: z.number().nullish(), impressions: z.number().nullish(), ctr: z.number().nullish(), position: z.number().nullish() })).nullish(),
});

async function listSites(ctx: ConnectorContext): Promise<Account[]> {
  const body = await ctx.http.json({ url: "/sites" }, sitesList);
  // An unverified user sees the property but searchAnalytics.query answers 403 for it.
  return (body.siteEntry ?? []).map((s) => ({
    id: s.siteUrl,
    name: s.siteUrl.replace(/^sc-domain:/, ""),
    timezone: ZONE,
    // Search data carries no money; the engine still wants an ISO code on every account.
    currency: "USD",
    status: s.permissionLevel === "siteUnverifiedUser" ? "unverified" : "active",
  }));
}

export function createSearchConsoleConnector(opts: { rowLimit?: number } = {}) {
  const rowLimit = opts.rowLimit ?? 25_000;
  return googleReportingConnector({
    id: PLATFORM,
    displayName: "Google Search Console",
    scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
    reports: GSC_REPORTS,
    reportHelp: "Which search results tab to read.",
    fields: GSC_FIELDS,
    accountField: "site_url",
    listAccounts: listSites,
    pages(ctx, q) {
      return paginate<Record<string, unknown>, number>(
        async (startRow = 0) => {
          const body = await ctx.http.json({
            method: "POST",
            url: `/sites/${encodeURIComponent(q.account.id)}/searchAnalytics/query`,
            account: q.account.id,
            json: {
              startDate: q.range.start,
              endDate: q.range.end,
              dimensions: q.dimensions,
              type: q.report,
              // "all" includes the fresh, not yet final days; restatementDays re-reads them.
              dataState: "all",
              aggregationType: "auto",
              rowLimit,
              startRow,
            },
          }, queryAnswer);
          const rows = body.rows ?? [];
          const items = rows.map((r) => {
            const item: Record<string, unknown> = { clicks: r.clicks, impressions: r.impressions, ctr: r.ctr, position: r.position };
            q.dimensions.forEach((d, i) => (item[d] = r.keys?.[i] ?? null));
            return item;
          });
          // "If you get fewer rows than rowLimit, there are no more rows" (the query doc's paging section).
          return { items, next: rows.length === rowLimit ? startRow + rowLimit : null };
        },
        { platform: PLATFORM },
      );
    },
    connector: {
      timezone: { fixed: ZONE },
      currency: "none",
      // Fresh data (dataState "all") is replaced by final data about 2-3 days later
      // (https://developers.google.com/search/blog/2022/12/fresh-data-search-console): re-read 3 days.
      restatementDays: 3,
      allowedHosts: ["www.googleapis.com", "searchconsole.googleapis.com", "oauth2.googleapis.com"],
      defaultBaseUrl: "https://www.googleapis.com/webmasters/v3",
      // Per-site quota: 1,200 queries a minute (https://developers.google.com/webmaster-tools/limits).
      rateLimit: { maxConcurrent: 2, reservoir: { amount: 20, intervalMs: 1000 } },
    },
  });
}

export const googleSearchConsoleConnector = createSearchConsoleConnector();
