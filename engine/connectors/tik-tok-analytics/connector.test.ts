import { expect } from "vitest";
import { startTikTokDisplayFake, TT_CREDENTIAL, TT_RATE_LIMITED, TT_UNAUTHORIZED, VIDEOS } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { tikTokAnalyticsConnector } from "./connector.js";

const inRange = (start: string, end: string) => VIDEOS.filter((v) => v.create_time >= Date.parse(`${start}T00:00:00Z`) / 1000 && v.create_time < Date.parse(`${end}T00:00:00Z`) / 1000 + 86400);

behaviourSuite({
  connector: tikTokAnalyticsConnector,
  start: startTikTokDisplayFake,
  dataPath: "/v2/video/list/",
  read: { fields: ["video_id", "views", "likes"], range: { start: "2025-03-08", end: "2025-03-10" }, options: { report: "videos" } },
  unauthorized: TT_UNAUTHORIZED,
  rateLimited: TT_RATE_LIMITED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "-000fake-open-id", name: "Signal Post", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(inRange("2025-03-08", "2025-03-10").map((v) => ({ video_id: v.id, views: v.view_count, likes: v.like_count })));
    const [call] = fake.server.requestsTo("/v2/video/list/");
    expect(call.json()).toEqual({ max_count: 20, cursor: Date.parse("2025-03-11T00:00:00Z") });
    expect(call.query.get("fields")).toContain("view_count");
  },
  pagination: {
    // 2025-02-10..03-10: 39 videos, newest first in pages of 20, then a page reaching past the start.
    read: { fields: ["date", "videos", "views"], range: { start: "2025-02-10", end: "2025-03-10" } },
    pages: 2,
    check(rows) {
      const videos = inRange("2025-02-10", "2025-03-10");
      expect(rows.reduce((s, r) => s + Number(r.videos), 0)).toBe(videos.length);
      expect(rows.reduce((s, r) => s + Number(r.views), 0)).toBe(videos.reduce((s, v) => s + v.view_count, 0));
    },
  },
  empty: { read: { range: { start: "2024-01-01", end: "2024-01-05" } } },
  more: {
    "refreshes an expired Login Kit token with client_key, persists it and retries": async ({ read, fake, refreshed }) => {
      const baseline = await read();
      fake.validTokens.clear();
      expect(await read()).toEqual(baseline);
      expect(fake.refreshes).toBe(1);
      const [call] = fake.server.requestsTo("/v2/oauth/token/");
      expect(Object.fromEntries(call.form())).toMatchObject({ client_key: "awfakeclientkey0001", grant_type: "refresh_token", refresh_token: TT_CREDENTIAL.refreshToken });
      expect(refreshed).toEqual([expect.objectContaining({ type: "oauth2", accessToken: "act.refreshed-1", refreshToken: TT_CREDENTIAL.refreshToken })]);
    },
    "refreshes ahead of a request when the stored token is about to expire": async ({ ctx, fake, refreshed }) => {
      await tikTokAnalyticsConnector.check(ctx({ ...TT_CREDENTIAL, expiresAt: new Date(Date.now() + 60_000).toISOString() }));
      expect(fake.refreshes).toBe(1);
      expect(fake.server.requestsTo("/v2/user/info/")[0].headers.authorization).toBe("Bearer act.refreshed-1");
      expect(refreshed).toHaveLength(1);
    },
    "reads the profile counters as a snapshot": async ({ read }) => {
      expect(await read({ options: { report: "profile" }, fields: ["display_name", "followers", "video_count"] })).toEqual([{ display_name: "Signal Post", followers: 12840, video_count: 60 }]);
    },
  },
});
