// Instagram professional accounts through the Instagram API with Facebook Login (Graph v26.0):
// accounts are the instagram_business_account of the pages the user manages (/me/accounts);
// account insights come from /{ig-user-id}/insights with metric_type=total_value, one Pacific-time
// day per call because total_value answers one figure for the whole since/until window; media come
// from /{ig-user-id}/media (since/until, cursor paging) with lifetime insights.metric(...).
// https://developers.facebook.com/docs/instagram-platform/instagram-api-with-facebook-login
import { z } from "zod";
import { eachDay } from "../../core/dates.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { ensureLongLivedToken } from "../facebook-ads/auth.js";
import { metaSocialBase } from "../shared/meta-social.js";
import { graphEdge, insightBounds, insightMetric, insights, INSIGHTS_ZONE, managedPages, numeric } from "../shared/meta-graph.js";
import { recordsConnector, stamp } from "../shared/records.js";
import { ACCOUNT_FIELDS, ACCOUNT_METRICS, MEDIA_FIELDS, MEDIA_METRICS } from "./fields.js";

const PLATFORM = "instagram";

const media = z.object({
  id: z.string(),
  timestamp: z.string(),
  caption: z.string().nullish(),
  media_type: z.string().nullish(),
  media_product_type: z.string().nullish(),
  permalink: z.string().nullish(),
  like_count: z.number().nullish(),
  comments_count: z.number().nullish(),
  insights: z.object({ data: z.array(insightMetric) }).nullish(),
});
type Media = z.infer<typeof media>;

async function* accountDays(ctx: ConnectorContext, account: Account, range: DateRange) {
  const metric = Object.values(ACCOUNT_METRICS).join(",");
  for (const date of eachDay(range)) {
    const series = await insights(ctx, `/${account.id}/insights`, { metric, period: "day", metric_type: "total_value", ...insightBounds({ start: date, end: date }) }, { account: account.id });
    if (series.length > 0) yield [{ date, values: Object.fromEntries(series.map((m) => [m.name, numeric(m.total_value?.value)])) }];
  }
}

function mediaPages(ctx: ConnectorContext, account: Account, range: DateRange) {
  const fields = `id,timestamp,caption,media_type,media_product_type,permalink,like_count,comments_count,insights.metric(${Object.values(MEDIA_METRICS).join(",")})`;
  return graphEdge(ctx, `/${account.id}/media`, media, { platform: PLATFORM, account: account.id, query: { fields, ...insightBounds(range), limit: 100 } });
}

const username = (account: Account) => account.name.replace(/^@/, "");

export const instagramConnector: Connector = recordsConnector({
  id: PLATFORM,
  ...metaSocialBase(["instagram_basic", "instagram_manage_insights", "pages_show_list", "pages_read_engagement", "business_management"], {
    platform: PLATFORM,
    source: "Instagram",
    permission: "the instagram_basic and instagram_manage_insights permissions on a page linked to this Instagram professional account",
    limitScope: "this Instagram account",
  }),
  // Instagram says insights "may be delayed up to 48 hours"; media lifetime counters keep moving
  // for days after posting. https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights#limitations
  restatementDays: 3,
  async listAccounts(ctx) {
    await ensureLongLivedToken(ctx);
    return (await managedPages(ctx, PLATFORM))
      .filter((p) => p.instagram_business_account)
      .map((p) => {
        const ig = p.instagram_business_account!;
        return { id: ig.id, name: ig.username ? `@${ig.username}` : (ig.name ?? p.name), timezone: INSIGHTS_ZONE, currency: "USD", status: "active" };
      });
  },
  reportHelp: "Account insights by day, or the media published in the range with their lifetime insights.",
  reports: [
    {
      id: "account",
      name: "Account",
      description: "Account insights per day.",
      fields: ACCOUNT_FIELDS,
      fetch: accountDays,
      record: (day: { date: string; values: Record<string, number> }, account) => ({
        date: day.date,
        account_id: account.id,
        username: username(account),
        ...Object.fromEntries(Object.entries(ACCOUNT_METRICS).map(([id, api]) => [id, day.values[api] ?? 0])),
      }),
    },
    {
      id: "media",
      name: "Media",
      description: "Posts, reels and stories published in the range, with lifetime insights.",
      fields: MEDIA_FIELDS,
      fetch: mediaPages,
      record: (m: Media, account) => {
        const lifetime = Object.fromEntries((m.insights?.data ?? []).map((i) => [i.name, numeric(i.values?.[0]?.value ?? i.total_value?.value)]));
        return {
          date: stamp(m.timestamp, INSIGHTS_ZONE).date,
          account_id: account.id,
          username: username(account),
          media_id: m.id,
          media_type: m.media_type ?? null,
          media_product_type: m.media_product_type ?? null,
          caption: m.caption?.slice(0, 200) ?? null,
          permalink: m.permalink ?? null,
          media: m.id,
          like_count: m.like_count ?? 0,
          comments_count: m.comments_count ?? 0,
          ...Object.fromEntries(Object.entries(MEDIA_METRICS).map(([id, api]) => [id, lifetime[api] ?? 0])),
        };
      },
    },
  ],
});
