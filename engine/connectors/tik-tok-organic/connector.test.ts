import { expect } from "vitest";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { dayValue, OPEN_ID, startTikTokOrganicFake, TO_CREDENTIAL, TO_RATE_LIMITED, TO_UNAUTHORIZED, TO_VIDEOS } from "./fake.js";
import { tikTokOrganicConnector } from "./connector.js";

const day = "2025-03-01";

behaviourSuite({
  connector: tikTokOrganicConnector,
  start: startTikTokOrganicFake,
  dataPath: "/open_api/v1.3/business/get/",
  // listAccounts reads /business/get/ without dates; data requests carry start_date.
  isDataRequest: (req) => req.query.has("start_date"),
  read: { fields: ["date", "username", "video_views", "profile_views", "followers"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: TO_UNAUTHORIZED,
  rateLimited: TO_RATE_LIMITED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: OPEN_ID, name: "@signal.organic", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ date: day, username: "signal.organic", video_views: dayValue("video_views", day), profile_views: dayValue("profile_views", day), followers: dayValue("followers_count", day) }]);
    const call = fake.server.requestsTo("/open_api/v1.3/business/get/").find((r) => r.query.has("start_date"))!;
    expect(call.headers["access-token"]).toBe(TO_CREDENTIAL.accessToken);
    expect(Object.fromEntries(call.query)).toMatchObject({ business_id: OPEN_ID, start_date: day, end_date: day });
    expect(JSON.parse(call.query.get("fields")!)).toEqual(expect.arrayContaining(["metrics", "video_views", "followers_count"]));
  },
  pagination: {
    // 45 days: 30-day windows.
    read: { fields: ["date", "likes"], range: { start: "2025-01-01", end: "2025-02-14" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(45);
      expect(rows[44]).toEqual({ date: "2025-02-14", likes: dayValue("likes", "2025-02-14") });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired token (code 40105 in an HTTP 200 envelope), persists it and retries": async ({ read, fake, refreshed }) => {
      const baseline = await read();
      fake.validTokens.clear();
      expect(await read()).toEqual(baseline);
      expect(fake.refreshes).toBe(1);
      expect(fake.server.requestsTo("/open_api/v1.3/tt_user/oauth2/refresh_token/")[0].json()).toMatchObject({ client_id: "7300000000000000001", grant_type: "refresh_token", refresh_token: TO_CREDENTIAL.refreshToken });
      expect(refreshed).toEqual([expect.objectContaining({ accessToken: "act.organic-refreshed-1", refreshToken: TO_CREDENTIAL.refreshToken })]);
    },
    "reads videos across cursor pages, stopping past the range start": async ({ read, fake }) => {
      const rows = await read({ options: { report: "videos" }, fields: ["video_id", "views"], range: { start: "2025-02-05", end: "2025-03-10" } });
      const expected = TO_VIDEOS.filter((v) => v.create_time >= Date.parse("2025-02-05T00:00:00Z") / 1000);
      expect(rows).toEqual(expected.map((v) => ({ video_id: v.item_id, views: v.video_views })));
      // 34 videos in range: pages of 20 at cursor 0 and 20; the second reaches past the start.
      expect(fake.server.requestsTo("/open_api/v1.3/business/video/list/").map((r) => r.query.get("cursor"))).toEqual([null, "20"]);
    },
    "maps a missing-permission code to a config error": async ({ read, fake, ctx }) => {
      const denied = () => fake.server.once("GET", "/open_api/v1.3/business/get/", { json: { code: 40001, message: "No permission to operate on this business account.", request_id: "x", data: {} } });
      await expect(read({}, ctx(), denied)).rejects.toMatchObject({ kind: "config", platform: "tik-tok-organic", message: expect.stringContaining("user.insights") });
    },
  },
});
