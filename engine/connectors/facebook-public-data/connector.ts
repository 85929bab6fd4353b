// Public data of any Facebook page (competitors, partners) through the Graph API with the Page
// Public Content Access / Page Public Metadata Access features: the page ids typed in the form are
// the accounts, /{page-id} gives the public counters and /{page-id}/posts the public posts with
// reaction, comment and share totals (summary(total_count), cursor paging with since/until).
// https://developers.facebook.com/docs/features-reference/page-public-content-access
// https://developers.facebook.com/docs/graph-api/reference/page/feed
// Without a list (the form left empty), the pages the user manages are read instead.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { graphEdge, insightBounds, INSIGHTS_ZONE, managedPages, numeric } from "../shared/meta-graph.js";
import { ensureLongLivedToken } from "../facebook-ads/auth.js";
import { formAccounts, metaSocialBase } from "../shared/meta-social.js";
import { recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "facebook-public-data";
const PAGE_FIELDS = "id,name,username,link,category,followers_count,fan_count,talking_about_count,overall_star_rating,rating_count";

const page = z.object({ id: z.string(), name: z.string().optional(), username: z.string().optional(), category: z.string().optional(), followers_count: z.number().optional(), fan_count: z.number().optional(), talking_about_count: z.number().optional(), overall_star_rating: z.number().optional(), rating_count: z.number().optional() });
type Page = z.infer<typeof page>;

const post = z.object({
  id: z.string(),
  created_time: z.string(),
  message: z.string().nullish(),
  permalink_url: z.string().nullish(),
  shares: z.object({ count: numberOrString.nullish() }).nullish(),
  reactions: z.object({ summary: z.object({ total_count: numberOrString.nullish() }).nullish() }).nullish(),
  comments: z.object({ summary: z.object({ total_count: numberOrString.nullish() }).nullish() }).nullish(),
});
type Post = z.infer<typeof post>;

const publicPage = (ctx: ConnectorContext, id: string) => ctx.http.json({ url: `/${encodeURIComponent(id)}`, query: { fields: PAGE_FIELDS }, account: id }, page);

function posts(ctx: ConnectorContext, account: Account, range: DateRange) {
  const fields = "id,created_time,message,permalink_url,shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)";
  return graphEdge(ctx, `/${account.id}/posts`, post, { platform: PLATFORM, account: account.id, query: { fields, ...insightBounds(range), limit: 100 } });
}

export const facebookPublicDataConnector: Connector = recordsConnector({
  id: PLATFORM,
  ...metaSocialBase(["pages_read_engagement", "pages_show_list"], {
    platform: PLATFORM,
    source: "Facebook Public Data",
    permission: "an app with the Page Public Content Access feature (or a task on the page)",
    limitScope: "this page",
  }),
  // Reactions, comments and shares of recent posts keep growing for about a week.
  restatementDays: 7,
  async listAccounts(ctx) {
    await ensureLongLivedToken(ctx);
    const ids = formAccounts(ctx);
    if (ids.length === 0) return (await managedPages(ctx, PLATFORM)).map((p) => ({ id: p.id, name: p.name, timezone: INSIGHTS_ZONE, currency: "USD", status: "active" }));
    return Promise.all(
      ids.map(async (id) => {
        try {
          const p = await publicPage(ctx, id);
          return { id: p.id, name: p.name ?? id, timezone: INSIGHTS_ZONE, currency: "USD", status: "active" };
        } catch (error) {
          // Graph answers 803/100 for an id or name that is not a public page.
          if (error instanceof ConnectorError && error.kind === "system") return { id, name: `${id} (not found)`, timezone: INSIGHTS_ZONE, currency: "USD", status: "disabled" };
          throw error;
        }
      }),
    );
  },
  reportHelp: "The pages' public counters now, or their public posts in the range.",
  reports: [
    {
      id: "page",
      name: "Page",
      description: "The page's public counters as they are now (a snapshot, no date).",
      fields: [
        dim("page_id", "Page ID", "TEXT", "The page id."),
        dim("page_name", "Page name", "TEXT", "The page name."),
        dim("category", "Category", "TEXT", "The page category."),
        metric("followers", "Followers", "NUMBER", "MAX", "Followers now (followers_count)."),
        metric("likes", "Page likes", "NUMBER", "MAX", "People who like the page (fan_count)."),
        metric("talking_about", "Talking about", "NUMBER", "MAX", "People talking about the page this week."),
        metric("rating", "Rating", "NUMBER", "AVG", "Overall star rating."),
        metric("ratings", "Ratings", "NUMBER", "MAX", "Number of ratings."),
      ],
      async *fetch(ctx, account) {
        yield [await publicPage(ctx, account.id)];
      },
      record: (p: Page) => ({ page_id: p.id, page_name: p.name ?? null, category: p.category ?? null, followers: p.followers_count ?? 0, likes: p.fan_count ?? 0, talking_about: p.talking_about_count ?? 0, rating: p.overall_star_rating ?? null, ratings: p.rating_count ?? 0 }),
    },
    {
      id: "posts",
      name: "Posts",
      description: "Public posts published in the range with their reactions, comments and shares.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day the post was published, in Pacific time."),
        dim("page_id", "Page ID", "TEXT", "The page id."),
        dim("page_name", "Page name", "TEXT", "The page name."),
        dim("post_id", "Post ID", "TEXT", "The post id."),
        dim("post_message", "Message", "TEXT", "The post text, cut at 200 characters."),
        dim("permalink", "Permalink", "URL", "The post's URL."),
        metric("posts", "Posts", "NUMBER", "COUNT_DISTINCT", "Posts published."),
        metric("reactions", "Reactions", "NUMBER", "SUM", "Reactions of every type."),
        metric("comments", "Comments", "NUMBER", "SUM", "Comments."),
        metric("shares", "Shares", "NUMBER", "SUM", "Shares."),
        metric("interactions", "Interactions", "NUMBER", "SUM", "Reactions + comments + shares."),
      ],
      fetch: posts,
      record: (p: Post, account) => {
        const reactions = numeric(p.reactions?.summary?.total_count);
        const comments = numeric(p.comments?.summary?.total_count);
        const shares = numeric(p.shares?.count);
        return { date: stamp(p.created_time, INSIGHTS_ZONE).date, page_id: account.id, page_name: account.name, post_id: p.id, post_message: p.message?.slice(0, 200) ?? null, permalink: p.permalink_url ?? null, posts: p.id, reactions, comments, shares, interactions: reactions + comments + shares };
      },
    },
  ],
});
