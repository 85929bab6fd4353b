// Facebook Pages through the Graph API: the pages the user manages (/me/accounts, which hands a
// Page access token for each), daily Page insights (/{page-id}/insights, period=day, since/until
// of at most 90 days: https://developers.facebook.com/docs/graph-api/reference/page/insights/) and
// posts published in the range with their lifetime insights (/{page-id}/published_posts with
// insights.metric(...), cursor paging). Page endpoints want the Page token, not the user's.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { ensureLongLivedToken } from "../facebook-ads/auth.js";
import { metaSocialBase } from "../shared/meta-social.js";
import { byDay, graphEdge, insightBounds, insightMetric, insights, INSIGHTS_ZONE, managedPages, numeric, pageToken } from "../shared/meta-graph.js";
import { recordsConnector, stamp } from "../shared/records.js";
import { PAGE_FIELDS, PAGE_METRICS, POST_FIELDS, POST_METRICS } from "./fields.js";

const PLATFORM = "facebook-analytics";
/** Graph refuses Page insights ranges longer than 93 days. */
const MAX_DAYS = 90;

const post = z.object({
  id: z.string(),
  created_time: z.string(),
  message: z.string().nullish(),
  permalink_url: z.string().nullish(),
  status_type: z.string().nullish(),
  insights: z.object({ data: z.array(insightMetric) }).nullish(),
});
type Post = z.infer<typeof post>;

async function* pageDays(ctx: ConnectorContext, account: Account, range: DateRange) {
  const token = await pageToken(ctx, PLATFORM, account.id);
  for (const slice of splitDateRange(range, MAX_DAYS)) {
    const series = await insights(ctx, `/${account.id}/insights`, { metric: Object.values(PAGE_METRICS).join(","), period: "day", ...insightBounds(slice) }, { account: account.id, token });
    const days = [...byDay(series)].map(([date, values]) => ({ date, values }));
    if (days.length > 0) yield days;
  }
}

async function* posts(ctx: ConnectorContext, account: Account, range: DateRange) {
  const token = await pageToken(ctx, PLATFORM, account.id);
  const fields = `id,created_time,message,permalink_url,status_type,insights.metric(${Object.values(POST_METRICS).join(",")})`;
  yield* graphEdge(ctx, `/${account.id}/published_posts`, post, { platform: PLATFORM, account: account.id, token, query: { fields, ...insightBounds(range), limit: 100 } });
}

export const facebookAnalyticsConnector: Connector = recordsConnector({
  id: PLATFORM,
  ...metaSocialBase(["pages_show_list", "pages_read_engagement", "read_insights"], { platform: PLATFORM, source: "Facebook Pages", permission: "the read_insights and pages_read_engagement permissions and a task on the page", limitScope: "this page" }),
  // Page insights settle within about two days (Meta: "data may be delayed up to 48 hours" on the
  // Page insights reference), and post lifetime counters keep growing for days after posting.
  // https://developers.facebook.com/docs/graph-api/reference/page/insights/
  restatementDays: 3,
  async listAccounts(ctx) {
    await ensureLongLivedToken(ctx);
    return (await managedPages(ctx, PLATFORM)).map((p) => ({ id: p.id, name: p.name, timezone: INSIGHTS_ZONE, currency: "USD", status: p.access_token ? "active" : "disabled" }));
  },
  reportHelp: "Page insights by day, or the posts published in the range with their lifetime insights.",
  reports: [
    {
      id: "page",
      name: "Page",
      description: "Page insights per day.",
      fields: PAGE_FIELDS,
      fetch: pageDays,
      record: (day: { date: string; values: Record<string, number> }, account) => ({
        date: day.date,
        page_id: account.id,
        page_name: account.name,
        ...Object.fromEntries(Object.entries(PAGE_METRICS).map(([id, api]) => [id, day.values[api] ?? 0])),
      }),
    },
    {
      id: "posts",
      name: "Posts",
      description: "Posts published in the range, with lifetime insights.",
      fields: POST_FIELDS,
      fetch: posts,
      record: (post: Post, account) => {
        const lifetime = Object.fromEntries((post.insights?.data ?? []).map((m) => [m.name, numeric(m.values?.[0]?.value)]));
        return {
          date: stamp(post.created_time, INSIGHTS_ZONE).date,
          page_id: account.id,
          page_name: account.name,
          post_id: post.id,
          post_message: post.message?.slice(0, 200) ?? null,
          post_type: post.status_type ?? null,
          permalink: post.permalink_url ?? null,
          posts: post.id,
          ...Object.fromEntries(Object.entries(POST_METRICS).map(([id, api]) => [id, lifetime[api] ?? 0])),
        };
      },
    },
  ],
});
