import { expect } from "vitest";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { startTwitterPublicDataFake, userMetrics, X_BEARER, X_TWEETS, X_UNAUTHORIZED, X_USERS, xRateLimited } from "./fake.js";
import { twitterPublicDataConnector } from "./connector.js";

const [me] = X_USERS;
const within = (start: string, end: string) => X_TWEETS.filter((t) => t.created_at >= `${start}T00:00:00` && t.created_at < `${end}T24:00:00`);

behaviourSuite({
  connector: twitterPublicDataConnector,
  start: startTwitterPublicDataFake,
  dataPath: "/2/users/:id/tweets",
  read: { accounts: [me.id], fields: ["tweet_id", "impressions", "likes", "reposts"], range: { start: "2025-03-01", end: "2025-03-10" }, options: { report: "tweets" } },
  unauthorized: X_UNAUTHORIZED,
  rateLimited: { ...xRateLimited(0), headers: { "retry-after": "1" } },
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: me.id, name: "@signalpost", timezone: "UTC", currency: "USD", status: "active" },
      { id: X_USERS[1].id, name: "@RivalBakery", timezone: "UTC", currency: "USD", status: "active" },
      { id: "nosuchaccount42", name: "@nosuchaccount42 (not found)", timezone: "UTC", currency: "USD", status: "disabled" },
    ]);
  },
  singlePage(rows, fake) {
    const tweets = within("2025-03-01", "2025-03-10");
    expect(tweets).toHaveLength(40);
    expect(rows).toEqual(tweets.map((t) => ({ tweet_id: t.id, impressions: t.public_metrics.impression_count, likes: t.public_metrics.like_count, reposts: t.public_metrics.retweet_count })));
    const [call] = fake.server.requestsTo("/2/users/:id/tweets");
    expect(call.headers.authorization).toBe(`Bearer ${X_BEARER}`);
    expect(Object.fromEntries(call.query)).toMatchObject({ start_time: "2025-03-01T00:00:00Z", end_time: "2025-03-11T00:00:00Z", max_results: "100", exclude: "retweets" });
  },
  pagination: {
    // 2025-01-20..03-10: 200 posts, pages of 100 through meta.next_token.
    read: { fields: ["date", "tweets", "likes"], range: { start: "2025-01-20", end: "2025-03-10" } },
    pages: 2,
    check(rows, fake) {
      expect(rows.reduce((s, r) => s + Number(r.tweets), 0)).toBe(within("2025-01-20", "2025-03-10").length);
      expect(fake.server.requestsTo("/2/users/:id/tweets")[1].query.get("pagination_token")).toBe("100");
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "waits until x-rate-limit-reset on a 429, then succeeds": async ({ read, fake }) => {
      const started = Date.now();
      const rows = await read({}, undefined, () => fake.server.once("GET", "/2/users/:id/tweets", xRateLimited(1)));
      expect(rows).toHaveLength(40);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    },
    "reads the accounts' public counters as a snapshot": async ({ read }) => {
      const rows = await read({ accounts: X_USERS.map((u) => u.id), options: { report: "profile" }, fields: ["username", "followers", "posts"] });
      expect(rows).toEqual(X_USERS.map((u) => ({ username: u.username, followers: userMetrics(u.id).followers_count, posts: 2400 })));
    },
  },
});
