import { expect } from "vitest";
import { ASC_APPS, ASC_UNAUTHORIZED, ascError, ascReviews, ascSales, startAppStoreConnectFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { appStoreConnectConnector } from "./connector.js";

const SALES = "/v1/salesReports";
const REVIEWS = /^\/v1\/apps\/\d+\/customerReviews$/;
const DATA = /^\/v1\/(salesReports|apps\/\d+\/customerReviews)$/;
const [bakery] = ASC_APPS;
const day = "2025-03-01";
const sum = (days: string[], pick: (s: ReturnType<typeof ascSales>[number]) => number) => days.flatMap(ascSales).filter((s) => s.appleId === bakery.id || s.parent === bakery.sku).reduce((t, s) => t + pick(s), 0);

behaviourSuite({
  connector: appStoreConnectConnector,
  start: startAppStoreConnectFake,
  dataPath: DATA,
  read: { accounts: [bakery.id], fields: ["date", "app_name", "downloads", "updates", "in_app_purchases", "developer_proceeds"], range: { start: day, end: day } },
  unauthorized: ASC_UNAUTHORIZED,
  rateLimited: { ...ascError(429, "RATE_LIMIT_EXCEEDED", "The request rate limit has been reached.", "We've received too many requests for this API. Please wait and try again or slow down your request rate."), headers: { "retry-after": "1" } },
  listAccounts(accounts) {
    expect(accounts).toEqual(ASC_APPS.map((a) => ({ id: a.id, name: a.name, timezone: "America/Los_Angeles", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([
      {
        date: day,
        app_name: "Acme Bakery",
        downloads: sum([day], (s) => (s.type === "1F" ? s.units : 0)),
        updates: sum([day], (s) => (s.type === "7F" ? s.units : 0)),
        in_app_purchases: sum([day], (s) => (s.type === "IA1" ? s.units : 0)),
        developer_proceeds: Math.round(sum([day], (s) => s.units * s.proceeds) * 100) / 100,
      },
    ]);
    const [request] = fake.server.requestsTo(SALES);
    expect(Object.fromEntries(request.query)).toEqual({ "filter[frequency]": "DAILY", "filter[reportDate]": day, "filter[reportSubType]": "SUMMARY", "filter[reportType]": "SALES", "filter[vendorNumber]": "85912345", "filter[version]": "1_1" });
  },
  pagination: {
    // One sales file per day, shared by both apps (fetched once per day).
    read: { accounts: undefined, fields: ["app_id", "country", "downloads"], range: { start: day, end: "2025-03-03" } },
    pages: 3,
    check(rows) {
      const days = [day, "2025-03-02", "2025-03-03"];
      const want = ASC_APPS.flatMap((app) => ["US", "FR"].map((country) => ({ app_id: app.id, country, downloads: days.flatMap(ascSales).filter((s) => s.appleId === app.id && s.country === country && s.type === "1F").reduce((t, s) => t + s.units, 0) })));
      expect(rows).toEqual(want);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "pages customer reviews by links.next, newest first, stopping before the range": async ({ read, fake }) => {
      fake.pageSize.reviews = 2;
      const rows = await read({ fields: ["date", "review_id", "rating", "territory"], range: { start: "2025-03-03", end: "2025-03-05" }, options: { report: "reviews" } });
      const want = ascReviews(bakery.id).filter((r) => r.attributes.createdDate >= "2025-03-03");
      expect(rows).toEqual(want.map((r) => ({ date: r.attributes.createdDate.slice(0, 10), review_id: r.id, rating: r.attributes.rating, territory: r.attributes.territory })));
      expect(fake.server.requestsTo(REVIEWS).map((r) => r.query.get("cursor"))).toEqual([null, "2"]);
    },
    "signs each request with an ES256 JWT of the key": async ({ read, fake }) => {
      await read();
      const [h, p] = String(fake.server.requestsTo(SALES)[0].headers.authorization).replace("Bearer ", "").split(".");
      expect(JSON.parse(Buffer.from(h, "base64url").toString())).toEqual({ alg: "ES256", kid: "2X9R4HXF34", typ: "JWT" });
      expect(JSON.parse(Buffer.from(p, "base64url").toString())).toMatchObject({ iss: "57246542-96fe-1a63-e053-0824d011072a", aud: "appstoreconnect-v1" });
    },
    "a malformed private key is a config error": async ({ ctx }) => {
      await expect(appStoreConnectConnector.listAccounts(ctx({ type: "api-key", key: "2X9R4HXF34", secret: "not a key", options: { issuerId: "x" } }))).rejects.toMatchObject({ kind: "config", message: expect.stringContaining(".p8") });
    },
  },
});
