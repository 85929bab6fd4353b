// Public X (Twitter) accounts through the X API v2 with the app's Bearer token (app-only auth):
// the form's usernames resolved with GET /2/users/by (100 per call, unknown ones come back in
// `errors`), public_metrics of each account (GET /2/users/:id), and each account's posts in the
// range from GET /2/users/:id/tweets (start_time/end_time, max_results=100, meta.next_token ->
// pagination_token) with their public_metrics.
// https://docs.x.com/x-api/users/user-lookup-by-usernames
// https://docs.x.com/x-api/posts/user-posts-timeline-by-user-id
// Rate limits are 15-minute windows answered with 429 and x-rate-limit-reset (epoch seconds).
// https://docs.x.com/x-api/fundamentals/rate-limits
import { z } from "zod";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { rateLimitResetMs } from "../twitter-ads/errors.js";
import { formList } from "../shared/form-list.js";
import { platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "twitter-public-data";
const PAGE_SIZE = 100;

const publicMetrics = z.object({ followers_count: z.number().optional(), following_count: z.number().optional(), tweet_count: z.number().optional(), listed_count: z.number().optional(), like_count: z.number().optional() }).optional();
const user = z.object({ id: z.string(), name: z.string().optional(), username: z.string(), public_metrics: publicMetrics });
const usersBy = z.object({ data: z.array(user).default([]), errors: z.array(z.object({ value: z.string().optional(), detail: z.string().optional() })).optional() });
const tweet = z.object({
  id: z.string(),
  text: z.string().optional(),
  created_at: z.string(),
  public_metrics: z.object({ retweet_count: z.number().optional(), reply_count: z.number().optional(), like_count: z.number().optional(), quote_count: z.number().optional(), bookmark_count: z.number().optional(), impression_count: z.number().optional() }).optional(),
});
const timeline = z.object({ data: z.array(tweet).default([]), meta: z.object({ next_token: z.string().optional(), result_count: z.number().optional() }).optional() });
type User = z.infer<typeof user>;
type Tweet = z.infer<typeof tweet>;

/** The form's usernames; profile URLs (x.com/name, twitter.com/name) are accepted too. */
const usernames = (ctx: ConnectorContext) => formList(ctx.http.credential, "accounts", (s) => s.replace(/^https?:\/\/(www\.)?(x|twitter)\.com\//i, "").replace(/\/.*$/, ""));

function tweets(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, "UTC");
  // end_time must lie at least 10 seconds in the past.
  const end = new Date(Math.min(to.toMillis(), Date.now() - 15_000));
  return paginate<Tweet, string>(
    async (token) => {
      const body = await ctx.http.json(
        { url: `/2/users/${account.id}/tweets`, account: account.id, query: { start_time: from.toUTC().toISO({ suppressMilliseconds: true }), end_time: end.toISOString().replace(/\.\d{3}Z$/, "Z"), max_results: PAGE_SIZE, "tweet.fields": "created_at,public_metrics", exclude: "retweets", pagination_token: token } },
        timeline,
      );
      return { items: body.data, next: body.meta?.next_token };
    },
    { platform: PLATFORM },
  );
}

export const twitterPublicDataConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  // created_at is UTC; posts are grouped by UTC day.
  timezone: { fixed: "UTC" },
  currency: "none",
  // Counts are read now and keep growing while a post circulates (mostly within a week).
  restatementDays: 7,
  allowedHosts: ["api.x.com", "api.twitter.com"],
  defaultBaseUrl: "https://api.x.com",
  // The user-timeline endpoint allows 1,500 requests per 15 minutes per app on Basic; stay well under.
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 300, intervalMs: 15 * 60_000 } },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "X",
    // {"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}
    message: (b) => (b?.title ? `${b.title}${b.detail && b.detail !== b.title ? `: ${b.detail}` : ""}${b.reason ? ` (${b.reason})` : ""}` : undefined),
    reconnect: "Reconnect the X Public Data source with a valid Bearer token (Developer Portal > Keys and tokens).",
    retryAfterMs: (response) => rateLimitResetMs(response.headers, new Date()),
  }),
  async check(ctx) {
    const names = usernames(ctx);
    // A lookup of the first account proves the token; an empty form still checks the token on @X.
    await ctx.http.json({ url: "/2/users/by", query: { usernames: names[0] ?? "X" } }, usersBy);
    return { ok: true, identity: names.length ? names.map((n) => `@${n}`).join(", ") : undefined };
  },
  async listAccounts(ctx) {
    const names = usernames(ctx);
    const found: User[] = [];
    for (let i = 0; i < names.length; i += 100) {
      const batch = names.slice(i, i + 100);
      found.push(...(await ctx.http.json({ url: "/2/users/by", query: { usernames: batch.join(","), "user.fields": "public_metrics" } }, usersBy)).data);
    }
    return names.map((name) => {
      const u = found.find((f) => f.username.toLowerCase() === name.toLowerCase());
      return u ? { id: u.id, name: `@${u.username}`, timezone: "UTC", currency: "USD", status: "active" } : { id: name, name: `@${name} (not found)`, timezone: "UTC", currency: "USD", status: "disabled" };
    });
  },
  reportHelp: "The accounts' public counters now, or their posts in the range with public metrics.",
  reports: [
    {
      id: "profile",
      name: "Profile",
      description: "Followers, following, posts and lists as they are now (a snapshot, no date).",
      fields: [
        dim("user_id", "User ID", "TEXT", "The X user id."),
        dim("username", "Username", "TEXT", "The @username."),
        metric("followers", "Followers", "NUMBER", "MAX", "Followers now."),
        metric("following", "Following", "NUMBER", "MAX", "Accounts followed now."),
        metric("posts", "Posts", "NUMBER", "MAX", "Posts published, all time (tweet_count)."),
        metric("listed", "Listed", "NUMBER", "MAX", "Lists the account is on."),
      ],
      async *fetch(ctx, account) {
        yield [(await ctx.http.json({ url: `/2/users/${account.id}`, account: account.id, query: { "user.fields": "public_metrics" } }, z.object({ data: user }))).data];
      },
      record: (u: User) => ({ user_id: u.id, username: u.username, followers: u.public_metrics?.followers_count ?? 0, following: u.public_metrics?.following_count ?? 0, posts: u.public_metrics?.tweet_count ?? 0, listed: u.public_metrics?.listed_count ?? 0 }),
    },
    {
      id: "tweets",
      name: "Posts",
      description: "Posts (not reposts) published in the range, with their public metrics.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day the post was published (UTC)."),
        dim("username", "Username", "TEXT", "The @username."),
        dim("tweet_id", "Post ID", "TEXT", "The post id."),
        dim("text", "Text", "TEXT", "The post text, cut at 200 characters."),
        metric("tweets", "Posts", "NUMBER", "COUNT_DISTINCT", "Posts published."),
        metric("impressions", "Impressions", "NUMBER", "SUM", "Views of the posts."),
        metric("likes", "Likes", "NUMBER", "SUM", "Likes."),
        metric("reposts", "Reposts", "NUMBER", "SUM", "Reposts (retweet_count)."),
        metric("replies", "Replies", "NUMBER", "SUM", "Replies."),
        metric("quotes", "Quotes", "NUMBER", "SUM", "Quote posts."),
        metric("bookmarks", "Bookmarks", "NUMBER", "SUM", "Bookmarks."),
      ],
      fetch: tweets,
      record: (t: Tweet, account) => ({
        date: stamp(t.created_at, "UTC").date,
        username: account.name.replace(/^@/, ""),
        tweet_id: t.id,
        text: t.text?.slice(0, 200) ?? null,
        tweets: t.id,
        impressions: t.public_metrics?.impression_count ?? 0,
        likes: t.public_metrics?.like_count ?? 0,
        reposts: t.public_metrics?.retweet_count ?? 0,
        replies: t.public_metrics?.reply_count ?? 0,
        quotes: t.public_metrics?.quote_count ?? 0,
        bookmarks: t.public_metrics?.bookmark_count ?? 0,
      }),
    },
  ],
});
