// A local X API v2 for public data with app-only Bearer auth: /2/users/by (usernames, unknown ones
// in `errors`), /2/users/:id with public_metrics, /2/users/:id/tweets (start_time/end_time,
// max_results, pagination_token, meta.next_token), problem-JSON errors and 429 with
// x-rate-limit-* headers.
import type { Credential } from "../../core/types.js";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const X_BEARER = "AAAAAAAAAAAAAAAAAAAAAFakeXBearerToken0123456789";
export const X_CREDENTIAL: Credential = { type: "api-key", key: X_BEARER, options: { accounts: ["signalpost", "@RivalBakery", "nosuchaccount42"] } };
export const X_UNAUTHORIZED: FakeReply = { status: 401, json: { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" } };
export const xRateLimited = (resetInSeconds: number): FakeReply => ({
  status: 429,
  headers: { "x-rate-limit-limit": "1500", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + resetInSeconds) },
  json: { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
});

export const X_USERS = [
  { id: "1400000000000000001", name: "Signal Post", username: "signalpost" },
  { id: "1400000000000000002", name: "Rival Bakery", username: "RivalBakery" },
];
export const userMetrics = (id: string) => ({ followers_count: Math.floor(seeded(`${id}|followers`) * 50_000), following_count: 180, tweet_count: 2_400, listed_count: 31, like_count: 900 });

/** 250 posts of the first account, one every 6 hours back from 2025-03-10T23:00Z, newest first. */
export const X_TWEETS = Array.from({ length: 250 }, (_, n) => {
  const id = String(1900000000000000000n - BigInt(n) * 1000n);
  const created = new Date(Date.parse("2025-03-10T23:00:00Z") - n * 6 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
  const m = (k: string, scale: number) => Math.floor(seeded(`${id}|${k}`) * scale);
  return { id, text: `Post number ${n}`, created_at: created, edit_history_tweet_ids: [id], public_metrics: { retweet_count: m("rt", 40), reply_count: m("re", 20), like_count: m("like", 400), quote_count: m("q", 5), bookmark_count: m("b", 15), impression_count: m("imp", 20_000) } };
});

export async function startTwitterPublicDataFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Bearer ${X_BEARER}`, () => X_UNAUTHORIZED);
  route("GET", "/2/users/by", (req) => {
    const names = (req.query.get("usernames") ?? "").split(",").filter(Boolean);
    const withMetrics = (req.query.get("user.fields") ?? "").includes("public_metrics");
    const data = names.flatMap((n) => X_USERS.filter((u) => u.username.toLowerCase() === n.toLowerCase())).map((u) => ({ ...u, ...(withMetrics ? { public_metrics: userMetrics(u.id) } : {}) }));
    const missing = names.filter((n) => !X_USERS.some((u) => u.username.toLowerCase() === n.toLowerCase()));
    return { json: { ...(data.length ? { data } : {}), ...(missing.length ? { errors: missing.map((n) => ({ value: n, detail: `Could not find user with usernames: [${n}].`, title: "Not Found Error", resource_type: "user", parameter: "usernames", resource_id: n, type: "https://api.twitter.com/2/problems/resource-not-found" })) } : {}) } };
  });
  route("GET", "/2/users/:id", (req) => {
    const u = X_USERS.find((x) => x.id === req.params.id);
    return u ? { json: { data: { ...u, public_metrics: userMetrics(u.id) } } } : { status: 200, json: { errors: [{ title: "Not Found Error", detail: "Could not find user." }] } };
  });
  route("GET", "/2/users/:id/tweets", (req) => {
    const start = Date.parse(req.query.get("start_time") ?? "1970-01-01T00:00:00Z");
    const end = Date.parse(req.query.get("end_time") ?? "2100-01-01T00:00:00Z");
    const max = Math.min(100, Number(req.query.get("max_results") ?? 10));
    const all = (req.params.id === X_USERS[0].id ? X_TWEETS : []).filter((t) => Date.parse(t.created_at) >= start && Date.parse(t.created_at) < end);
    const offset = Number(req.query.get("pagination_token") ?? 0);
    const data = all.slice(offset, offset + max);
    const more = offset + max < all.length;
    const meta = { result_count: data.length, ...(data.length ? { newest_id: data[0].id, oldest_id: data.at(-1)!.id } : {}), ...(more ? { next_token: String(offset + max) } : {}) };
    return { json: { ...(data.length ? { data } : {}), meta } };
  });
  return { server, baseUrl: server.url, credential: X_CREDENTIAL, close: () => server.close() };
}
