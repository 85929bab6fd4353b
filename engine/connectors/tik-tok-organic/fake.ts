// A local TikTok API for Business (v1.3) for TikTok business accounts: Access-Token header, the
// {code,message,request_id,data} envelope (token expiry as code 40105 in HTTP 200), JSON-array
// `fields`, /tt_user/token_info/get/, /business/get/ with daily metrics, /business/video/list/
// with cursor + has_more, and /tt_user/oauth2/refresh_token/ (JSON client_id/client_secret).
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { activeDays } from "../../../tests/fakes/support/ads-family.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const TO_APP = { clientId: "7300000000000000001", clientSecret: "tto-app-secret-0123456789" };
export const TO_CREDENTIAL = { type: "oauth2" as const, accessToken: "act.organic-token-0001", refreshToken: "rft.organic-refresh-0001", expiresAt: "2099-01-01T00:00:00Z" };
export const OPEN_ID = "-000organic-open-id-0001";

const envelope = (code: number, message: string, data: unknown = {}, status = 200): FakeReply => ({ status, json: { code, message, request_id: "2025030100000000FAKE", data } });
export const TO_UNAUTHORIZED = envelope(40105, "The access token is invalid or has been revoked.", {}, 401);
export const TO_EXPIRED = envelope(40105, "Access token is expired.");
export const TO_RATE_LIMITED: FakeReply = { ...envelope(40100, "Too many requests.", {}, 429), headers: { "retry-after": "1" } };

export const dayValue = (name: string, day: string, scale = 1000) => Math.floor(seeded(`${OPEN_ID}|${name}|${day}`) * scale);

/** 45 videos, one a day back from 2025-03-10 at 15:00Z, newest first. */
export const TO_VIDEOS = Array.from({ length: 45 }, (_, i) => ({
  item_id: `74100000000000${String(i).padStart(5, "0")}`,
  create_time: Date.parse("2025-03-10T15:00:00Z") / 1000 - i * 86400,
  caption: `Organic clip ${i}`,
  share_url: `https://www.tiktok.com/@signal.organic/video/${i}`,
  video_views: dayValue(`v${i}views`, "life", 90_000),
  likes: dayValue(`v${i}likes`, "life", 5_000),
  comments: dayValue(`v${i}comments`, "life", 400),
  shares: dayValue(`v${i}shares`, "life", 300),
  reach: dayValue(`v${i}reach`, "life", 60_000),
}));

export interface TikTokOrganicFake extends PlatformFake {
  validTokens: Set<string>;
  refreshes: number;
}

export async function startTikTokOrganicFake(): Promise<TikTokOrganicFake> {
  const server = await startFakeServer();
  const fake: TikTokOrganicFake = { server, baseUrl: `${server.url}/open_api/v1.3`, credential: TO_CREDENTIAL, app: TO_APP, validTokens: new Set([TO_CREDENTIAL.accessToken]), refreshes: 0, close: () => server.close() };
  const route = (method: string, path: string, handler: (req: RecordedRequest) => FakeReply) =>
    server.route(method, `/open_api/v1.3${path}`, (req) => (fake.validTokens.has(String(req.headers["access-token"] ?? "")) ? handler(req) : TO_EXPIRED));
  const fields = (req: RecordedRequest) => JSON.parse(req.query.get("fields") ?? "[]") as string[];
  server.route("POST", "/open_api/v1.3/tt_user/token_info/get/", (req) => {
    const body = req.json<{ app_id: string; access_token: string }>();
    if (!fake.validTokens.has(body.access_token)) return TO_EXPIRED;
    return envelope(0, "OK", { app_id: body.app_id, creator_id: OPEN_ID, scope: "user.info.basic,user.insights,video.list" });
  });
  route("GET", "/business/get/", (req) => {
    if (req.query.get("business_id") !== OPEN_ID) return envelope(40001, "No permission to operate on this business account.");
    const wanted = fields(req);
    const start = req.query.get("start_date");
    const end = req.query.get("end_date");
    const metrics = wanted.includes("metrics") && start && end
      ? activeDays(start, end).map((date) => ({ date, ...Object.fromEntries(["video_views", "profile_views", "likes", "comments", "shares", "followers_count"].filter((f) => wanted.includes(f)).map((f) => [f, dayValue(f, date)])) }))
      : undefined;
    return envelope(0, "OK", { username: "signal.organic", display_name: "Signal Organic", followers_count: 48210, ...(metrics ? { metrics } : {}) });
  });
  route("GET", "/business/video/list/", (req) => {
    const cursor = Number(req.query.get("cursor") ?? 0);
    const max = Math.min(20, Number(req.query.get("max_count") ?? 20));
    const page = TO_VIDEOS.slice(cursor, cursor + max);
    const wanted = fields(req);
    return envelope(0, "OK", { videos: page.map((v) => Object.fromEntries(Object.entries(v).filter(([k]) => wanted.includes(k)))), cursor: cursor + page.length, has_more: cursor + page.length < TO_VIDEOS.length });
  });
  server.route("POST", "/open_api/v1.3/tt_user/oauth2/refresh_token/", (req) => {
    const body = req.json<Record<string, string>>();
    if (body.client_id !== TO_APP.clientId || body.client_secret !== TO_APP.clientSecret) return envelope(40001, "Invalid client.");
    if (body.grant_type !== "refresh_token" || body.refresh_token !== TO_CREDENTIAL.refreshToken) return envelope(40104, "Invalid refresh token.");
    fake.refreshes += 1;
    const token = `act.organic-refreshed-${fake.refreshes}`;
    fake.validTokens.add(token);
    return envelope(0, "OK", { open_id: OPEN_ID, access_token: token, expires_in: 86400, refresh_token: TO_CREDENTIAL.refreshToken, refresh_token_expires_in: 31536000, scope: "user.info.basic" });
  });
  return fake;
}
