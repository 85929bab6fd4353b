// YouTube: channels from the Data API v3 channels.list (mine=true, pageToken paging,
// https://developers.google.com/youtube/v3/docs/channels/list), rows from the YouTube Analytics API
// v2 reports.query (https://developers.google.com/youtube/analytics/reference/reports/query): a
// columnHeaders + rows table paged with startIndex (1-based) and maxResults. Google OAuth 2.0.
import { z } from "zod";
import { paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext } from "../../core/types.js";
import { googleHost } from "../shared/google-family.js";
import { googleReportingConnector } from "../shared/google-reporting.js";
import { CHANNEL_FIELDS, VIDEO_FIELDS, YOUTUBE_REPORTS } from "./fields.js";

const PLATFORM = "youtube";
/** "All data in the YouTube Analytics API uses Pacific time" (reports.query, startDate parameter). */
const ZONE = "America/Los_Angeles";
/** The top-videos report answers at most 200 rows (https://developers.google.com/youtube/analytics/channel_reports#top-videos-reports). */
const TOP_VIDEOS = 200;

const channelsPage = z.object({ items: z.array(z.object({ id: z.string(), snippet: z.object({ title: z.string().nullish() }).nullish() })).nullish(), nextPageToken: z.string().nullish() });
/** A report table: one row of cells per dimension value, in columnHeaders order. */
const reportTable = z.object({
  columnHeaders: z.array(z.object({ name: z.string(), columnType: z.string().nullish(), dataType: z.string().nullish() })).nullish(),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).nullish(),
});

async function listChannels(ctx: ConnectorContext): Promise<Account[]> {
  const data = googleHost(ctx, "https://www.googleapis.com/youtube/v3", "/youtube/v3");
  const out: Account[] = [];
  for await (const items of paginate(
    async (pageToken: string | undefined) => {
      const body = await ctx.http.json({ url: `${data}/channels`, query: { part: "snippet", mine: "true", maxResults: 50, pageToken } }, channelsPage);
      return { items: body.items ?? [], next: body.nextPageToken ?? undefined };
    },
    { platform: PLATFORM },
  )) {
    // Views carry no money; estimatedRevenue is not offered, the engine still wants an ISO code.
    for (const c of items) out.push({ id: c.id, name: c.snippet?.title ?? c.id, timezone: ZONE, currency: "USD", status: "active" });
  }
  return out;
}

export function createYouTubeConnector(opts: { maxResults?: number } = {}) {
  const maxResults = opts.maxResults ?? 10_000;
  return googleReportingConnector({
    id: PLATFORM,
    displayName: "YouTube Analytics",
    scopes: ["https://www.googleapis.com/auth/youtube.readonly", "https://www.googleapis.com/auth/yt-analytics.readonly"],
    reports: YOUTUBE_REPORTS,
    fields: { channel: CHANNEL_FIELDS, videos: VIDEO_FIELDS },
    accountField: "channel_id",
    // reports.query requires at least one metric.
    defaultMetrics: ["views"],
    listAccounts: listChannels,
    pages(ctx, q) {
      const videos = q.report === "videos";
      const size = videos ? Math.min(maxResults, TOP_VIDEOS) : maxResults;
      return paginate<Record<string, unknown>, number>(
        async (startIndex = 1) => {
          const body = await ctx.http.json({
            url: "/v2/reports",
            account: q.account.id,
            query: {
              ids: `channel==${q.account.id}`,
              startDate: q.range.start,
              endDate: q.range.end,
              metrics: q.metrics.join(","),
              dimensions: (videos ? ["video"] : q.dimensions).join(",") || undefined,
              sort: videos ? "-views" : q.dimensions.includes("day") ? "day" : undefined,
              maxResults: size,
              startIndex,
            },
          }, reportTable);
          const names = (body.columnHeaders ?? []).map((h) => h.name);
          const rows = body.rows ?? [];
          const items = rows.map((cells) => Object.fromEntries(names.map((n, i) => [n, cells[i]])));
          return { items, next: !videos && rows.length === size ? startIndex + size : null };
        },
        { platform: PLATFORM },
      );
    },
    connector: {
      timezone: { fixed: ZONE },
      currency: "none",
      // Daily figures keep settling for about two days after they first appear (spam views are
      // removed, late watch time lands; https://support.google.com/youtube/answer/9314357): re-read 3 days.
      restatementDays: 3,
      allowedHosts: ["youtubeanalytics.googleapis.com", "www.googleapis.com", "oauth2.googleapis.com"],
      defaultBaseUrl: "https://youtubeanalytics.googleapis.com",
      rateLimit: { maxConcurrent: 2 },
    },
  });
}

export const youtubeConnector = createYouTubeConnector();
