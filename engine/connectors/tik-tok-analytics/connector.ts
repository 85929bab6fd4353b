// TikTok Display (catalogue "TikTok Display", deprecated in favour of TikTok Organic): the Display
// API v2 on open.tiktokapis.com for the creator who logged in with Login Kit. /v2/user/info/ gives
// the profile counters (followers, likes, videos), POST /v2/video/list/ the public videos newest
// first with a create_time cursor (has_more), each with its lifetime view/like/comment/share counts.
// https://developers.tiktok.com/doc/display-api-overview
// https://developers.tiktok.com/doc/tiktok-api-v2-video-list
// Login Kit v2 is not RFC 6749 on the wire: it names the client `client_key`, at authorize, token
// and refresh alike (https://developers.tiktok.com/doc/oauth-user-access-token-management), so the
// code exchange and the refresh are done here; access tokens live 24 hours, refresh tokens a year.
import { z } from "zod";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { OAUTH2_CLIENT_ID_PARAM } from "../../core/types.js";
import { rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { loginKitErrors, loginKitExchange, loginKitSession } from "../shared/tiktok-login-kit.js";

const PLATFORM = "tik-tok-analytics";
const API = "https://open.tiktokapis.com";
const VIDEO_FIELDS = "id,create_time,title,share_url,duration,view_count,like_count,comment_count,share_count";
const PAGE_SIZE = 20; // the documented maximum of max_count

const session = loginKitSession(PLATFORM);

const userInfo = z.object({
  data: z.object({
    user: z.object({ open_id: z.string(), display_name: z.string().optional(), username: z.string().optional(), follower_count: z.number().optional(), following_count: z.number().optional(), likes_count: z.number().optional(), video_count: z.number().optional() }),
  }),
});
const videoList = z.object({
  data: z.object({
    videos: z.array(z.object({ id: z.string(), create_time: z.number(), title: z.string().optional(), share_url: z.string().optional(), duration: z.number().optional(), view_count: z.number().optional(), like_count: z.number().optional(), comment_count: z.number().optional(), share_count: z.number().optional() })).default([]),
    cursor: z.number().optional(),
    has_more: z.boolean().optional(),
  }),
});
type Video = z.infer<typeof videoList>["data"]["videos"][number];
type User = z.infer<typeof userInfo>["data"]["user"];

const user = (ctx: ConnectorContext) => session.json(ctx, { url: "/v2/user/info/", query: { fields: "open_id,display_name,username,follower_count,following_count,likes_count,video_count" } }, userInfo).then((b) => b.data.user);

/** Videos created in the range: the list runs newest first, so paging stops past the range start. */
function videos(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, "UTC");
  // The cursor is a create_time in milliseconds: start just after the range end.
  return paginate<Video, number>(
    async (cursor = to.toMillis()) => {
      const body = await session.json(ctx, { method: "POST", url: "/v2/video/list/", query: { fields: VIDEO_FIELDS }, json: { max_count: PAGE_SIZE, cursor }, account: account.id }, videoList);
      const { videos: page, has_more, cursor: next } = body.data;
      const older = page.some((v) => v.create_time * 1000 < from.toMillis());
      return { items: page, next: has_more && !older ? next : undefined };
    },
    { platform: PLATFORM },
  );
}

export const tikTokAnalyticsConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  // create_time is a Unix timestamp; days are UTC days.
  timezone: { fixed: "UTC" },
  currency: "none",
  // Counts are lifetime totals read now, so a video's row keeps changing while it gathers views;
  // most of a video's views come in its first week, so the last 7 days of videos are re-read.
  restatementDays: 7,
  allowedHosts: ["open.tiktokapis.com", "www.tiktok.com"],
  defaultBaseUrl: API,
  // Display API: 600 requests per minute per endpoint (https://developers.tiktok.com/doc/tiktok-api-v2-rate-limit).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 600, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: `${API}/v2/oauth/token/`,
    scopes: ["user.info.basic", "user.info.profile", "user.info.stats", "video.list"],
    scopeSeparator: ",",
    extraAuthorizeParams: { client_key: OAUTH2_CLIENT_ID_PARAM },
    exchangeCode: loginKitExchange,
  },
  classifyError: loginKitErrors(PLATFORM, "TikTok Display"),
  async check(ctx) {
    const me = await user(ctx);
    return { ok: true, identity: me.display_name ?? me.username ?? me.open_id };
  },
  async listAccounts(ctx) {
    const me = await user(ctx);
    return [{ id: me.open_id, name: me.display_name ?? me.username ?? me.open_id, timezone: "UTC", currency: "USD", status: "active" }];
  },
  reportHelp: "The videos published in the range with their lifetime counts, or the profile's counters now.",
  reports: [
    {
      id: "videos",
      name: "Videos",
      description: "Public videos published in the range, with lifetime views, likes, comments and shares.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day the video was published (UTC)."),
        dim("video_id", "Video ID", "TEXT", "The video id."),
        dim("title", "Title", "TEXT", "The video's title or caption."),
        dim("share_url", "URL", "URL", "The video's share URL."),
        metric("videos", "Videos", "NUMBER", "COUNT_DISTINCT", "Videos published."),
        metric("views", "Views", "NUMBER", "SUM", "Lifetime views."),
        metric("likes", "Likes", "NUMBER", "SUM", "Lifetime likes."),
        metric("comments", "Comments", "NUMBER", "SUM", "Lifetime comments."),
        metric("shares", "Shares", "NUMBER", "SUM", "Lifetime shares."),
        metric("duration", "Duration", "DURATION", "AVG", "Video length in seconds."),
      ],
      fetch: videos,
      record: (v: Video) => ({
        date: stamp(v.create_time, "UTC").date,
        video_id: v.id,
        title: v.title ?? null,
        share_url: v.share_url ?? null,
        videos: v.id,
        views: v.view_count ?? 0,
        likes: v.like_count ?? 0,
        comments: v.comment_count ?? 0,
        shares: v.share_count ?? 0,
        duration: v.duration ?? null,
      }),
    },
    {
      id: "profile",
      name: "Profile",
      description: "The account's counters as they are now (a snapshot, no date).",
      fields: [
        dim("display_name", "Display name", "TEXT", "The creator's display name."),
        metric("followers", "Followers", "NUMBER", "MAX", "Followers now."),
        metric("following", "Following", "NUMBER", "MAX", "Accounts followed now."),
        metric("total_likes", "Total likes", "NUMBER", "MAX", "Likes over all videos."),
        metric("video_count", "Video count", "NUMBER", "MAX", "Public videos."),
      ],
      async *fetch(ctx) {
        yield [await user(ctx)];
      },
      record: (u: User) => ({ display_name: u.display_name ?? null, followers: u.follower_count ?? 0, following: u.following_count ?? 0, total_likes: u.likes_count ?? 0, video_count: u.video_count ?? 0 }),
    },
  ],
});
