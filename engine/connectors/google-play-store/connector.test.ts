import { expect } from "vitest";
import { PLAY_BUCKET, PLAY_PACKAGES, playDay, playReviews, startGooglePlayStoreFake } from "./fake.js";
import { GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createGooglePlayStoreConnector, decodeReport } from "./connector.js";

const connector = createGooglePlayStoreConnector({ reviewPageSize: 2 });
const OBJECT = /^\/storage\/v1\/b\/[^/]+\/o\/.+$/;
const REVIEWS = /^\/androidpublisher\/v3\/applications\/[^/]+\/reviews$/;
const [bakery] = PLAY_PACKAGES;
const day = "2025-03-01";

behaviourSuite({
  connector,
  start: startGooglePlayStoreFake,
  dataPath: new RegExp(`${OBJECT.source}|${REVIEWS.source}`),
  read: { accounts: [bakery], fields: ["date", "package_name", "daily_device_installs", "daily_device_uninstalls", "active_device_installs"], range: { start: day, end: "2025-03-02" } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "The rate of requests exceeds the limit."), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "Backend Error"),
  listAccounts(accounts) {
    expect(accounts).toEqual(PLAY_PACKAGES.map((p) => ({ id: p, name: p, timezone: "America/Los_Angeles", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([day, "2025-03-02"].map((d) => ({ date: d, package_name: bakery, daily_device_installs: playDay(bakery, d).installs, daily_device_uninstalls: playDay(bakery, d).uninstalls, active_device_installs: playDay(bakery, d).active })));
    const [request] = fake.server.requestsTo(OBJECT);
    expect(decodeURIComponent(request.path)).toBe(`/storage/v1/b/${PLAY_BUCKET}/o/stats/installs/installs_${bakery}_202503_overview.csv`);
    expect(request.headers.authorization).toBe(`Bearer ${fake.tokens[0]}`);
  },
  pagination: {
    // One file per month: January to March.
    read: { fields: ["package_name", "daily_device_installs"], range: { start: "2025-01-30", end: "2025-03-01" } },
    pages: 3,
    check(rows) {
      const days = ["2025-01-30", "2025-01-31", ...Array.from({ length: 28 }, (_, i) => `2025-02-${String(i + 1).padStart(2, "0")}`), day];
      expect(rows).toEqual([{ package_name: bakery, daily_device_installs: days.reduce((s, d) => s + playDay(bakery, d).installs, 0) }]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "mints a new service account token when the API says the old one expired": async ({ read, fake }) => {
      const rows = await read({}, undefined, () => fake.server.once("GET", OBJECT, GOOGLE_UNAUTHENTICATED));
      expect(rows).toHaveLength(2);
      expect(fake.tokens).toHaveLength(2);
    },
    "reads the last week's reviews by token, newest first, stopping before the range": async ({ read, fake }) => {
      const rows = await read({ fields: ["date", "review_id", "star_rating", "replied", "text"], range: { start: "2025-03-04", end: "2025-03-05" }, options: { report: "reviews" } });
      const want = playReviews(bakery).slice(0, 2);
      expect(rows).toEqual(want.map((r, i) => ({ date: `2025-03-0${5 - i}`, review_id: r.reviewId, star_rating: r.comments[0].userComment!.starRating, replied: i === 0, text: `Great app ${i}` })));
      expect(fake.server.requestsTo(REVIEWS).map((r) => r.query.get("token"))).toEqual([null, "2"]);
    },
    "a bucket the service account cannot read is a missing-permission config error": async ({ ctx }) => {
      await expect(connector.listAccounts(ctx({ type: "api-key", key: "pubsite_prod_rev_999" }))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission") });
      await expect(connector.listAccounts(ctx({ type: "api-key", key: "my-bucket" }))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("pubsite_prod_") });
    },
    "decodes UTF-16LE and UTF-8 report files": async () => {
      expect(decodeReport(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Date,A\n", "utf16le")]))).toBe("Date,A\n");
      expect(decodeReport(Buffer.from("\uFEFFDate,A\n"))).toBe("Date,A\n");
    },
  },
});
