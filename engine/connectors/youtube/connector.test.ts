import { expect } from "vitest";
import { CHANNELS, startYouTubeFake, ytRows } from "./fake.js";
import { GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { youtubeConnector, createYouTubeConnector } from "./connector.js";

const connector = createYouTubeConnector({ maxResults: 4 });
const [tv] = CHANNELS;
const REPORTS = "/v2/reports";
const day = "2025-03-01";

behaviourSuite({
  connector,
  start: startYouTubeFake,
  dataPath: REPORTS,
  read: { accounts: [tv.id], fields: ["date", "channel_id", "views", "estimated_minutes_watched", "average_view_duration"], range: { start: day, end: day } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Queries'."), headers: { "retry-after": "1" } },
  serverError: googleStatus(500, "INTERNAL", "Internal error encountered."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual(CHANNELS.map((c) => ({ id: c.id, name: c.title, timezone: "America/Los_Angeles", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const [[date, views, minutes, avg]] = ytRows(tv.id, day, day, ["day"], ["views", "estimatedMinutesWatched", "averageViewDuration"]);
    expect(rows).toEqual([{ date, channel_id: tv.id, views, estimated_minutes_watched: minutes, average_view_duration: avg }]);
    const q = fake.server.requestsTo(REPORTS)[0].query;
    expect(Object.fromEntries(q)).toEqual({ ids: `channel==${tv.id}`, startDate: day, endDate: day, metrics: "views,estimatedMinutesWatched,averageViewDuration", dimensions: "day", sort: "day", maxResults: "4", startIndex: "1" });
  },
  pagination: {
    // 2 days x 3 countries = 6 rows, 4 a page.
    read: { fields: ["date", "country", "likes"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual(ytRows(tv.id, day, "2025-03-02", ["day", "country"], ["likes"]).map(([date, country, likes]) => ({ date, country, likes })));
      expect(fake.server.requestsTo(REPORTS).map((r) => r.query.get("startIndex"))).toEqual(["1", "5"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads the top videos sorted by views, at most 200": async ({ read, fake }) => {
      const rows = await read({ options: { report: "videos" }, fields: ["video_id", "views"] });
      expect(rows.map((r) => r.views)).toEqual([...rows.map((r) => r.views as number)].sort((a, b) => b - a));
      expect(rows).toHaveLength(3);
      const q = fake.server.requestsTo(REPORTS)[0].query;
      expect([q.get("dimensions"), q.get("sort"), q.get("maxResults")]).toEqual(["video", "-views", "4"]);
    },
    "follows channels.list nextPageToken": async ({ fake, ctx }) => {
      fake.options.pageSize = 1;
      expect((await youtubeConnector.listAccounts(ctx())).map((a) => a.id)).toEqual(CHANNELS.map((c) => c.id));
      expect(fake.server.requestsTo("/youtube/v3/channels").map((r) => r.query.get("pageToken"))).toEqual([null, "1"]);
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      await expect(read({}, undefined, () => fake.server.once("GET", REPORTS, googleStatus(403, "PERMISSION_DENIED", "Forbidden")))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on YouTube Analytics") });
    },
  },
});
