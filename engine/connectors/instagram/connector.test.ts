import { expect } from "vitest";
import { fakeMedia, IG_PAGES, startInstagramFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { GRAPH_RATE_LIMITED, GRAPH_SERVER_ERROR, GRAPH_UNAUTHORIZED, metricValue } from "../../../tests/fakes/support/meta-graph.js";
import { instagramConnector } from "./connector.js";

const day = "2025-03-01";
const ig = IG_PAGES[0].instagram!;

behaviourSuite({
  connector: instagramConnector,
  start: startInstagramFake,
  dataPath: "/v26.0/:ig/insights",
  read: { accounts: [ig.id], fields: ["date", "username", "views", "reach", "total_interactions"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: GRAPH_UNAUTHORIZED,
  rateLimited: GRAPH_RATE_LIMITED,
  serverError: GRAPH_SERVER_ERROR,
  listAccounts(accounts) {
    // Only pages with a linked Instagram professional account.
    expect(accounts).toEqual([
      { id: ig.id, name: "@signal.bakery", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: IG_PAGES[1].instagram!.id, name: "@signal.books", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const v = (m: string) => metricValue(ig.id, m, day);
    expect(rows).toEqual([{ date: day, username: "signal.bakery", views: v("views"), reach: v("reach"), total_interactions: v("total_interactions") }]);
    const [call] = fake.server.requestsTo("/v26.0/:ig/insights");
    expect(call.headers.authorization).toBe(`Bearer ${fake.credential.type === "oauth2" ? fake.credential.accessToken : ""}`);
    expect(Object.fromEntries(call.query)).toMatchObject({ period: "day", metric_type: "total_value", since: String(Date.parse("2025-03-01T08:00:00Z") / 1000) });
  },
  pagination: {
    // total_value answers one figure per window: one call per day.
    read: { fields: ["date", "reach"], range: { start: "2025-03-01", end: "2025-03-03" } },
    pages: 3,
    check(rows) {
      expect(rows).toEqual(["2025-03-01", "2025-03-02", "2025-03-03"].map((d) => ({ date: d, reach: metricValue(ig.id, "reach", d) })));
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads media published in the range across cursor pages, with lifetime insights": async ({ read, fake }) => {
      fake.options.pageSize = 50;
      const rows = await read({ options: { report: "media" }, fields: ["media_id", "media_product_type", "like_count", "media_views"], range: { start: "2025-02-01", end: "2025-04-05" } });
      const media = fakeMedia(ig.id);
      expect(rows).toHaveLength(media.length);
      expect(rows[4]).toEqual({ media_id: media[4].id, media_product_type: "REELS", like_count: media[4].like_count, media_views: metricValue(media[4].id, "views", "life") });
      expect(fake.server.requestsTo("/v26.0/:ig/media")).toHaveLength(3);
    },
    "sums reels per day": async ({ read }) => {
      const rows = await read({ options: { report: "media" }, fields: ["date", "media_product_type", "media"], range: { start: "2025-02-01", end: "2025-02-02" } });
      // 18:00Z and 06:00Z posts: 2025-02-01 10:00 PT, 22:00 PT, then 2025-02-02 10:00 PT, 22:00 PT.
      expect(rows).toEqual([
        { date: "2025-02-01", media_product_type: "REELS", media: 1 },
        { date: "2025-02-01", media_product_type: "FEED", media: 1 },
        { date: "2025-02-02", media_product_type: "FEED", media: 2 },
      ]);
    },
    "maps a missing instagram_manage_insights permission to a config error": async ({ read, fake }) => {
      fake.server.once("GET", "/v26.0/:ig/insights", { status: 403, json: { error: { message: "(#10) Application does not have permission for this action", code: 10, type: "OAuthException" } } });
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("instagram_manage_insights") });
    },
  },
});
