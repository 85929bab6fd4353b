// A local TikTok Display API v2 (open.tiktokapis.com): Bearer-checked /v2/user/info/ and POST
// /v2/video/list/ (newest first, create_time cursor in ms, has_more), the Login Kit token endpoint
// with client_key (refresh grant), and TikTok's {"data":{},"error":{code,message,log_id}} bodies.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const TT_APP = { clientId: "awfakeclientkey0001", clientSecret: "tiktok-client-secret-0123456789" };
export const TT_CREDENTIAL = { type: "oauth2" as const, accessToken: "act.fake-display-token-0001", refreshToken: "rft.fake-display-refresh-0001", expiresAt: "2099-01-01T00:00:00Z" };
const ttError = (status: number, code: string, message: string): FakeReply => ({ status, json: { data: {}, error: { code, message, log_id: "20250301000000FAKELOG" } } });
export const TT_UNAUTHORIZED = ttError(401, "access_token_invalid", "The access token is invalid or not found in the request.");
export const TT_RATE_LIMITED: FakeReply = { ...ttError(429, "rate_limit_exceeded", "The API rate limit was exceeded."), headers: { "retry-after": "1" } };

/** 60 videos, one every 18 hours back from 2025-03-10T12:00Z, newest first. */
export const VIDEOS = Array.from({ length: 60 }, (_, n) => {
  const id = `73400000000000${String(n).padStart(5, "0")}`;
  return {
    id,
    create_time: Date.parse("2025-03-10T12:00:00Z") / 1000 - n * 18 * 3600,
    title: `Behind the scenes #${n}`,
    share_url: `https://www.tiktok.com/@signalpost/video/${id}`,
    duration: 10 + (n % 50),
    view_count: Math.floor(seeded(`${id}|views`) * 50_000),
    like_count: Math.floor(seeded(`${id}|likes`) * 4_000),
    comment_count: Math.floor(seeded(`${id}|comments`) * 300),
    share_count: Math.floor(seeded(`${id}|shares`) * 200),
  };
});

export interface TikTokDisplayFake extends PlatformFake {
  validTokens: Set<string>;
  refreshes: number;
}

export async function startTikTokDisplayFake(): Promise<TikTokDisplayFake> {
  const server = await startFakeServer();
  const fake: TikTokDisplayFake = { server, baseUrl: server.url, credential: TT_CREDENTIAL, app: TT_APP, validTokens: new Set([TT_CREDENTIAL.accessToken]), refreshes: 0, close: () => server.close() };
  const route = guardedRoutes(server, (req) => fake.validTokens.has(String(req.headers.authorization ?? "").replace(/^Bearer /, "")), () => TT_UNAUTHORIZED);
  route("GET", "/v2/user/info/", () => ({ json: { data: { user: { open_id: "-000fake-open-id", display_name: "Signal Post", username: "signalpost", follower_count: 12840, following_count: 31, likes_count: 220_410, video_count: VIDEOS.length } }, error: { code: "ok", message: "", log_id: "x" } } }));
  route("POST", "/v2/video/list/", (req: RecordedRequest) => {
    const { max_count = 10, cursor = Date.now() } = req.json<{ max_count?: number; cursor?: number }>();
    const older = VIDEOS.filter((v) => v.create_time * 1000 < cursor);
    const page = older.slice(0, Math.min(20, max_count));
    const fields = (req.query.get("fields") ?? "").split(",");
    const videos = page.map((v) => Object.fromEntries(Object.entries(v).filter(([k]) => fields.includes(k))));
    return { json: { data: { videos, cursor: page.length ? page.at(-1)!.create_time * 1000 : cursor, has_more: older.length > page.length }, error: { code: "ok", message: "", log_id: "x" } } };
  });
  server.route("POST", "/v2/oauth/token/", (req) => {
    const form = req.form();
    if (form.get("client_key") !== TT_APP.clientId || form.get("client_secret") !== TT_APP.clientSecret) return { status: 401, json: { error: "invalid_client", error_description: "Client key or secret is incorrect.", log_id: "x" } };
    if (form.get("grant_type") !== "refresh_token" || form.get("refresh_token") !== TT_CREDENTIAL.refreshToken) return { status: 400, json: { error: "invalid_grant", error_description: "Refresh token is invalid or expired.", log_id: "x" } };
    fake.refreshes += 1;
    const token = `act.refreshed-${fake.refreshes}`;
    fake.validTokens.add(token);
    return { json: { access_token: token, expires_in: 86400, open_id: "-000fake-open-id", refresh_token: TT_CREDENTIAL.refreshToken, refresh_expires_in: 31536000, scope: "user.info.basic,video.list", token_type: "Bearer" } };
  });
  return fake;
}
