// A local Google Business Profile for connector tests, every host under one origin (the paths do
// not collide): Account Management GET /v1/accounts, Business Information GET
// /v1/{account}/locations (readMask required), Performance GET
// /v1/locations/{id}:fetchMultiDailyMetricsTimeSeries (repeated dailyMetrics, dailyRange.*; values
// as int64 strings, absent on zero days) and v4 GET /v4/{account}/locations/{id}/reviews (pageSize,
// pageToken, newest update first). Google's error envelope and token endpoint.
import { activeDays, GOOGLE_UNAUTHENTICATED, googleStatus, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import { pageOf } from "../../../tests/fakes/support/platform-fake.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const GBP_ACCOUNTS = [
  { name: "accounts/1001", accountName: "Acme Bakeries", locations: [{ name: "locations/501", title: "Acme Bakery Lyon" }, { name: "locations/502", title: "Acme Bakery Paris" }] },
  { name: "accounts/1002", accountName: "Acme Franchise", locations: [{ name: "locations/601", title: "Acme Bakery Nice" }] },
];
const METRICS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_DIRECTION_REQUESTS",
  "CALL_CLICKS",
  "WEBSITE_CLICKS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
];

/** A location's value of a metric on a day; some days are 0 (the API then omits the value). */
export function gbpValue(location: string, date: string, metric: string): number {
  const r = seeded(`${location}|${date}|${metric}`);
  return r < 0.15 ? 0 : Math.floor(r * (metric.startsWith("BUSINESS_IMPRESSIONS") ? 400 : 40));
}

const STAR = ["ONE", "TWO", "THREE", "FOUR", "FIVE"];
/** Seven reviews per location, one a day from 2025-03-01, newest update first; odd ones replied. */
export function gbpReviews(location: string) {
  return Array.from({ length: 7 }, (_, i) => {
    const day = `2025-03-0${i + 1}`;
    const stars = 1 + Math.floor(seeded(`${location}|review|${i}`) * 5);
    return {
      name: `${location}/reviews/r${i}`,
      reviewId: `${location.split("/").pop()}-r${i}`,
      reviewer: i === 3 ? { isAnonymous: true } : { displayName: `Customer ${i}` },
      starRating: STAR[stars - 1],
      stars,
      comment: `Review ${i} of ${location}`,
      createTime: `${day}T10:00:00Z`,
      updateTime: `${day}T12:00:00Z`,
      ...(i % 2 === 1 ? { reviewReply: { comment: `Thanks ${i}`, updateTime: `${day}T13:00:00Z` } } : {}),
    };
  }).reverse();
}

const ymd = (q: URLSearchParams, which: string) => {
  const [y, m, d] = ["year", "month", "day"].map((p) => q.get(`dailyRange.${which}.${p}`));
  return y && m && d ? `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` : undefined;
};

export async function startGoogleMyBusinessFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "gbp", basePath: "", tokenPath: "/token", unauthorized: () => GOOGLE_UNAUTHENTICATED });
  const tokenPage = <T>(items: T[], q: URLSearchParams, max: number) => {
    const size = Math.min(Number(q.get("pageSize") ?? max), max);
    const page = Number(q.get("pageToken") ?? "1");
    const { items: slice, pages } = pageOf(items, page, size);
    return { slice, next: page < pages ? String(page + 1) : undefined };
  };
  fake.route("GET", "/v1/accounts", (req) => {
    const { slice, next } = tokenPage(GBP_ACCOUNTS.map(({ name, accountName }) => ({ name, accountName, type: "LOCATION_GROUP" })), req.query, 20);
    return { json: { accounts: slice, ...(next ? { nextPageToken: next } : {}) } };
  });
  fake.route("GET", "/v1/accounts/:account/locations", (req) => {
    if (!req.query.get("readMask")) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const account = GBP_ACCOUNTS.find((a) => a.name === `accounts/${req.params.account}`);
    if (!account) return googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission");
    const { slice, next } = tokenPage(account.locations, req.query, 100);
    return { json: { locations: slice, ...(next ? { nextPageToken: next } : {}) } };
  });
  fake.route("GET", /^\/v1\/locations\/(?<id>\d+):fetchMultiDailyMetricsTimeSeries$/, (req) => {
    const location = `locations/${req.params.id}`;
    const metrics = req.query.getAll("dailyMetrics");
    const start = ymd(req.query, "startDate");
    const end = ymd(req.query, "endDate");
    if (!start || !end || metrics.length === 0 || metrics.some((m) => !METRICS.includes(m))) return googleStatus(400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    const days = activeDays(start, end);
    return {
      json: {
        multiDailyMetricTimeSeries: [
          {
            dailyMetricTimeSeries: metrics.map((m) => ({
              dailyMetric: m,
              timeSeries: days.length
                ? {
                    datedValues: days.map((d) => {
                      const [year, month, day] = d.split("-").map(Number);
                      const v = gbpValue(location, d, m);
                      return { date: { year, month, day }, ...(v ? { value: String(v) } : {}) };
                    }),
                  }
                : {},
            })),
          },
        ],
      },
    };
  });
  fake.route("GET", "/v4/accounts/:account/locations/:location/reviews", (req) => {
    const location = `accounts/${req.params.account}/locations/${req.params.location}`;
    const reviews = gbpReviews(location).map(({ stars: _s, ...r }) => r);
    const { slice, next } = tokenPage(reviews, req.query, 50);
    const average = gbpReviews(location).reduce((s, r) => s + r.stars, 0) / 7;
    return { json: { reviews: slice, averageRating: average, totalReviewCount: 7, ...(next ? { nextPageToken: next } : {}) } };
  });
  return fake;
}
