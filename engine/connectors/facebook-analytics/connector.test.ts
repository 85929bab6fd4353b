import { expect } from "vitest";
import { FB_PAGES, fakePosts, startFacebookPagesFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { GRAPH_RATE_LIMITED, GRAPH_SERVER_ERROR, GRAPH_UNAUTHORIZED, metricValue } from "../../../tests/fakes/support/meta-graph.js";
import { facebookAnalyticsConnector } from "./connector.js";

const day = "2025-03-01";
const page = FB_PAGES[0];

behaviourSuite({
  connector: facebookAnalyticsConnector,
  start: startFacebookPagesFake,
  dataPath: "/v26.0/:page/insights",
  read: { accounts: [page.id], fields: ["date", "page_name", "views", "followers", "new_follows"], range: { start: day, end: day }, options: { report: "page" } },
  unauthorized: GRAPH_UNAUTHORIZED,
  rateLimited: GRAPH_RATE_LIMITED,
  serverError: GRAPH_SERVER_ERROR,
  listAccounts(accounts) {
    expect(accounts).toEqual(FB_PAGES.map((p) => ({ id: p.id, name: p.name, timezone: "America/Los_Angeles", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const v = (m: string) => metricValue(page.id, m, day);
    expect(rows).toEqual([{ date: day, page_name: "Signal Bakery", views: v("page_media_view"), followers: v("page_follows"), new_follows: v("page_daily_follows_unique") }]);
    const [call] = fake.server.requestsTo("/v26.0/:page/insights");
    // The Page token, not the user's; since/until are the Pacific-time bounds of the day.
    expect(call.headers.authorization).toBe(`Bearer ${page.token}`);
    expect(call.query.get("period")).toBe("day");
    expect(call.query.get("metric")).toContain("page_media_view");
    expect(Number(call.query.get("since"))).toBe(Date.parse("2025-03-01T08:00:00Z") / 1000);
    expect(Number(call.query.get("until"))).toBe(Date.parse("2025-03-02T08:00:00Z") / 1000);
  },
  pagination: {
    // 120 days: two insights windows of at most 90 days.
    read: { fields: ["date", "views"], range: { start: "2025-01-01", end: "2025-04-30" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(120);
      expect(rows[95]).toEqual({ date: "2025-04-06", views: metricValue(page.id, "page_media_view", "2025-04-06") });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads posts published in the range across cursor pages, with lifetime insights": async ({ read, fake }) => {
      const rows = await read({ options: { report: "posts" }, fields: ["post_id", "post_type", "post_views", "reactions"], range: { start: "2025-02-01", end: "2025-03-31" } });
      const posts = fakePosts(page.id);
      expect(rows).toHaveLength(posts.length);
      expect(rows[3]).toEqual({ post_id: posts[3].id, post_type: "added_video", post_views: metricValue(posts[3].id, "post_media_view", "life"), reactions: metricValue(posts[3].id, "like", "life", 50) + metricValue(posts[3].id, "love", "life", 10) });
      const calls = fake.server.requestsTo("/v26.0/:page/published_posts");
      expect(calls).toHaveLength(2);
      expect(calls[1].query.get("after")).toBeTruthy();
      expect(calls[0].query.get("fields")).toContain("insights.metric(post_media_view");
    },
    "counts posts per Pacific-time day": async ({ read }) => {
      // Posts at 17:00Z, 01:00Z and 09:00Z: 01:00Z is still the previous day in Pacific time.
      const rows = await read({ options: { report: "posts" }, fields: ["date", "posts"], range: { start: "2025-02-02", end: "2025-02-02" } });
      expect(rows).toEqual([{ date: "2025-02-02", posts: 3 }]);
    },
    "maps a missing read_insights permission to a config error": async ({ read, fake }) => {
      fake.server.once("GET", "/v26.0/:page/insights", { status: 403, json: { error: { message: "(#10) Requires read_insights permission", code: 10, type: "OAuthException" } } });
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("read_insights") });
    },
  },
});
