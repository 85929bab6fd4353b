import { expect } from "vitest";
import { gbpReviews, gbpValue, startGoogleMyBusinessFake } from "./fake.js";
import { GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createGoogleMyBusinessConnector } from "./connector.js";

const connector = createGoogleMyBusinessConnector({ reviewPageSize: 2 });
const LYON = "accounts/1001/locations/501";
const PERF = /^\/v1\/locations\/\d+:fetchMultiDailyMetricsTimeSeries$/;
const REVIEWS = /^\/v4\/accounts\/\d+\/locations\/\d+\/reviews$/;
const day = "2025-03-01";

behaviourSuite({
  connector,
  start: startGoogleMyBusinessFake,
  dataPath: new RegExp(`${PERF.source}|${REVIEWS.source}`),
  read: { accounts: [LYON], fields: ["date", "location_name", "impressions", "website_clicks", "call_clicks"], range: { start: day, end: day } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Requests'."), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "The service is currently unavailable."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts.map((a) => [a.id, a.name])).toEqual([
      [LYON, "Acme Bakery Lyon"],
      ["accounts/1001/locations/502", "Acme Bakery Paris"],
      ["accounts/1002/locations/601", "Acme Bakery Nice"],
    ]);
  },
  singlePage(rows, fake) {
    const impressions = ["DESKTOP_MAPS", "DESKTOP_SEARCH", "MOBILE_MAPS", "MOBILE_SEARCH"].reduce((s, m) => s + gbpValue("locations/501", day, `BUSINESS_IMPRESSIONS_${m}`), 0);
    expect(rows).toEqual([{ date: day, location_name: "Acme Bakery Lyon", impressions, website_clicks: gbpValue("locations/501", day, "WEBSITE_CLICKS"), call_clicks: gbpValue("locations/501", day, "CALL_CLICKS") }]);
    const [request] = fake.server.requestsTo(PERF);
    expect(request.path).toBe("/v1/locations/501:fetchMultiDailyMetricsTimeSeries");
    expect(request.query.getAll("dailyMetrics")).toEqual(["BUSINESS_IMPRESSIONS_DESKTOP_MAPS", "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH", "BUSINESS_IMPRESSIONS_MOBILE_MAPS", "BUSINESS_IMPRESSIONS_MOBILE_SEARCH", "WEBSITE_CLICKS", "CALL_CLICKS"]);
    expect(request.query.get("dailyRange.startDate.month")).toBe("3");
  },
  pagination: {
    // Seven reviews, two a page.
    read: { fields: ["review_id", "reviewer", "star_rating", "replied"], range: { start: "2025-03-01", end: "2025-03-31" }, options: { report: "reviews" } },
    pages: 4,
    check(rows, fake) {
      const want = gbpReviews(LYON);
      expect(rows).toEqual(want.map((r, i) => ({ review_id: r.reviewId, reviewer: r.reviewId.endsWith("r3") ? null : `Customer ${6 - i}`, star_rating: r.stars, replied: Boolean(r.reviewReply) })));
      expect(fake.server.requestsTo(REVIEWS).map((r) => r.query.get("pageToken"))).toEqual([null, "2", "3", "4"]);
      expect(fake.server.requestsTo(REVIEWS)[0].query.get("orderBy")).toBe("updateTime desc");
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "stops paging reviews once they are older than the range, averaging stars per day": async ({ read, fake }) => {
      const rows = await read({ fields: ["date", "reviews", "star_rating"], range: { start: "2025-03-06", end: "2025-03-07" }, options: { report: "reviews" } });
      const byDay = gbpReviews(LYON).filter((r) => r.createTime >= "2025-03-06");
      expect(rows).toEqual(byDay.map((r) => ({ date: r.createTime.slice(0, 10), reviews: 1, star_rating: r.stars })));
      expect(fake.server.requestsTo(REVIEWS)).toHaveLength(2);
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      await expect(read({}, undefined, () => fake.server.once("GET", PERF, googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission")))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission") });
    },
  },
});
