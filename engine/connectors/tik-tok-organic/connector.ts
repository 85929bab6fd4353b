// TikTok Organic: TikTok business accounts through the TikTok API for Business "Accounts"
// endpoints (v1.3, Access-Token header, {code,message,request_id,data} envelope):
// - /tt_user/token_info/get/ names the account the token belongs to (its open_id is the business_id);
// - /business/get/ answers the profile and one `metrics` entry per day for start_date..end_date
//   (TikTok keeps 60 days of daily account metrics, so ranges are read in 30-day windows);
// - /business/video/list/ pages the account's videos (cursor + has_more, newest first) with their
//   lifetime metrics.
// https://business-api.tiktok.com/portal/docs?id=1761237048658946 (Accounts API overview)
// OAuth: TikTok account holder authorization with client_id/secret in JSON at
// /tt_user/oauth2/token/ and /tt_user/oauth2/refresh_token/; access tokens live 24 hours.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange, OAuth2CodeExchangeRequest } from "../../core/types.js";
import { OAUTH2_CLIENT_ID_PARAM } from "../../core/types.js";
import { jsonList, tiktokCall, type EnvelopeWording } from "../tik-tok/api.js";
import { TIKTOK_BASE_URL } from "../tik-tok/auth.js";
import { createHttpClient } from "../../core/http.js";
import type { HttpRequest } from "../../core/http-types.js";
import { platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { tiktokUserSession } from "../shared/tiktok-login-kit.js";

const PLATFORM = "tik-tok-organic";
const WORDING: EnvelopeWording = { platform: PLATFORM, source: "TikTok Organic", permission: "the user.insights and video.list scopes on this TikTok account" };
const WINDOW_DAYS = 30;
const PAGE_SIZE = 20;
const DAILY = ["video_views", "profile_views", "likes", "comments", "shares", "followers_count"];

const tokenData = z.object({ access_token: z.string(), expires_in: z.number().optional(), refresh_token: z.string().optional(), scope: z.string().optional(), open_id: z.string().optional() });

const session = tiktokUserSession({
  platform: PLATFORM,
  headers: (token) => ({ "access-token": token }),
  refresh: (ctx, app, refreshToken) =>
    tiktokCall(ctx, { method: "POST", url: "/tt_user/oauth2/refresh_token/", auth: false, json: { client_id: app.clientId, client_secret: app.clientSecret, grant_type: "refresh_token", refresh_token: refreshToken } }, tokenData, {}, WORDING),
});

/**
 * A Business API call with the session's token. An expired 24-hour token answers an envelope code
 * 401xx (often in an HTTP 200) or a 401: the token is refreshed once and the call repeated.
 */
async function call<T>(ctx: ConnectorContext, req: HttpRequest | ((token: string) => HttpRequest), data: z.ZodType<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const token = attempt === 0 ? await session.token(ctx) : await session.renew(ctx);
    try {
      const request = typeof req === "function" ? req(token) : req;
      return await tiktokCall(ctx, { ...request, auth: false, headers: { "access-token": token } }, data, {}, WORDING);
    } catch (error) {
      if (attempt === 0 && error instanceof ConnectorError && error.kind === "config" && /code 401\d\d/.test(error.message)) continue;
      throw error;
    }
  }
}

const tokenInfo = z.object({ creator_id: z.string(), scope: z.string().optional() });
const business = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  followers_count: z.number().optional(),
  metrics: z.array(z.record(z.string(), z.unknown())).default([]),
});
const videoList = z.object({ videos: z.array(z.record(z.string(), z.unknown())).default([]), cursor: z.number().optional(), has_more: z.boolean().optional() });

async function tokenOwner(ctx: ConnectorContext): Promise<string> {
  const info = await call(ctx, (token) => ({ method: "POST", url: "/tt_user/token_info/get/", json: { app_id: ctx.app?.clientId, access_token: token } }), tokenInfo);
  return info.creator_id;
}

async function profile(ctx: ConnectorContext, id: string, range?: DateRange) {
  return call(ctx, { url: "/business/get/", account: id, query: { business_id: id, fields: jsonList(["username", "display_name", "followers_count", ...(range ? ["metrics", ...DAILY] : [])]), ...(range ? { start_date: range.start, end_date: range.end } : {}) } }, business);
}

async function* days(ctx: ConnectorContext, account: Account, range: DateRange) {
  for (const window of splitDateRange(range, WINDOW_DAYS)) {
    const body = await profile(ctx, account.id, window);
    if (body.metrics.length > 0) yield body.metrics;
  }
}

function videos(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from } = rangeBounds(range, "UTC");
  const fields = ["item_id", "create_time", "caption", "share_url", "video_views", "likes", "comments", "shares", "reach", "average_time_watched"];
  return paginate<Record<string, unknown>, number>(
    async (cursor) => {
      const body = await call(ctx, { url: "/business/video/list/", account: account.id, query: { business_id: account.id, fields: jsonList(fields), max_count: PAGE_SIZE, cursor } }, videoList);
      const older = body.videos.some((v) => Number(v.create_time) * 1000 < from.toMillis());
      return { items: body.videos, next: body.has_more && !older ? body.cursor : undefined };
    },
    { platform: PLATFORM },
  );
}

const n = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0) || 0);

/** The account holder's code exchange: JSON {client_id, client_secret, grant_type, auth_code, redirect_uri}. */
async function exchangeCode(request: OAuth2CodeExchangeRequest) {
  const http = createHttpClient({ platform: PLATFORM, allowedHosts: ["business-api.tiktok.com", new URL(request.tokenUrl).host], baseUrl: request.tokenUrl, credential: { type: "api-key", key: "" }, fetch: request.fetch });
  const data = await tiktokCall(
    { credential: http.credential, http },
    { method: "POST", url: request.tokenUrl, auth: false, json: { client_id: request.client.clientId, client_secret: request.client.clientSecret, grant_type: "authorization_code", auth_code: request.code, redirect_uri: request.redirectUri } },
    tokenData,
    {},
    WORDING,
  );
  return { type: "oauth2" as const, accessToken: data.access_token, refreshToken: data.refresh_token, expiresAt: data.expires_in ? new Date(Date.now() + data.expires_in * 1000).toISOString() : undefined, scope: data.scope };
}

export const tikTokOrganicConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  // Daily metrics are dated in UTC (the Accounts API's dates carry no zone and its docs speak UTC).
  timezone: { fixed: "UTC" },
  currency: "none",
  // Account metrics land with a lag of a day or two and video counters keep growing: re-read 7 days.
  restatementDays: 7,
  allowedHosts: ["business-api.tiktok.com", "www.tiktok.com"],
  defaultBaseUrl: TIKTOK_BASE_URL,
  rateLimit: { maxConcurrent: 2, minTimeMs: 100 },
  oauth2: {
    authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: `${TIKTOK_BASE_URL}/tt_user/oauth2/token/`,
    scopes: ["user.info.basic", "user.info.username", "user.info.stats", "user.insights", "video.list", "video.insights"],
    scopeSeparator: ",",
    extraAuthorizeParams: { client_key: OAUTH2_CLIENT_ID_PARAM },
    exchangeCode,
  },
  // HTTP-level failures (429, 5xx, 401 from the gateway) besides the envelope codes.
  classifyError: platformErrors({ platform: PLATFORM, displayName: "TikTok", message: (b) => (b?.message ? `code ${b.code}: ${b.message}` : undefined), reconnect: "Reconnect the TikTok Organic source." }),
  async check(ctx) {
    const id = await tokenOwner(ctx);
    const p = await profile(ctx, id);
    return { ok: true, identity: p.display_name ?? p.username ?? id };
  },
  async listAccounts(ctx) {
    const id = await tokenOwner(ctx);
    const p = await profile(ctx, id);
    return [{ id, name: p.username ? `@${p.username}` : (p.display_name ?? id), timezone: "UTC", currency: "USD", status: "active" }];
  },
  reportHelp: "Account metrics per day, or the videos published in the range with their lifetime metrics.",
  reports: [
    {
      id: "account",
      name: "Account",
      description: "Video views, profile views, engagement and followers per day.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day (UTC)."),
        dim("username", "Username", "TEXT", "The account's @username."),
        metric("video_views", "Video views", "NUMBER", "SUM", "Views of the account's videos that day."),
        metric("profile_views", "Profile views", "NUMBER", "SUM", "Views of the profile that day."),
        metric("likes", "Likes", "NUMBER", "SUM", "Likes received that day."),
        metric("comments", "Comments", "NUMBER", "SUM", "Comments received that day."),
        metric("shares", "Shares", "NUMBER", "SUM", "Shares that day."),
        metric("followers", "Followers", "NUMBER", "MAX", "Followers at the end of the day."),
      ],
      fetch: days,
      record: (m: Record<string, unknown>, account) => ({
        date: typeof m.date === "string" ? m.date : null,
        username: account.name.replace(/^@/, ""),
        video_views: n(m.video_views),
        profile_views: n(m.profile_views),
        likes: n(m.likes),
        comments: n(m.comments),
        shares: n(m.shares),
        followers: n(m.followers_count),
      }),
    },
    {
      id: "videos",
      name: "Videos",
      description: "Videos published in the range, with lifetime views, reach and engagement.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "The day the video was published (UTC)."),
        dim("video_id", "Video ID", "TEXT", "The video (item) id."),
        dim("caption", "Caption", "TEXT", "The caption, cut at 200 characters."),
        dim("share_url", "URL", "URL", "The video's share URL."),
        metric("videos", "Videos", "NUMBER", "COUNT_DISTINCT", "Videos published."),
        metric("views", "Views", "NUMBER", "SUM", "Lifetime views."),
        metric("reach", "Reach", "NUMBER", "SUM", "Lifetime unique viewers."),
        metric("likes", "Likes", "NUMBER", "SUM", "Lifetime likes."),
        metric("comments", "Comments", "NUMBER", "SUM", "Lifetime comments."),
        metric("shares", "Shares", "NUMBER", "SUM", "Lifetime shares."),
      ],
      fetch: videos,
      record: (v: Record<string, unknown>) => ({
        date: stamp(n(v.create_time), "UTC").date,
        video_id: String(v.item_id ?? ""),
        caption: typeof v.caption === "string" ? v.caption.slice(0, 200) : null,
        share_url: typeof v.share_url === "string" ? v.share_url : null,
        videos: String(v.item_id ?? ""),
        views: n(v.video_views),
        reach: n(v.reach),
        likes: n(v.likes),
        comments: n(v.comments),
        shares: n(v.shares),
      }),
    },
  ],
});
