import { expect } from "vitest";
import { gscRows, SITES, startSearchConsoleFake } from "./fake.js";
import { GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { collectRows } from "../../core/pages.js";
import { createSearchConsoleConnector } from "./connector.js";

const connector = createSearchConsoleConnector({ rowLimit: 10 });
const site = SITES[0].siteUrl;
const QUERY = /^\/webmasters\/v3\/sites\/[^/]+\/searchAnalytics\/query$/;
const day = "2025-03-01";

behaviourSuite({
  connector,
  start: startSearchConsoleFake,
  dataPath: QUERY,
  read: { accounts: [site], fields: ["date", "site_url", "clicks", "impressions", "ctr", "position"], range: { start: day, end: day } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Search Analytics load quota exceeded."), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "The service is currently unavailable."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "https://www.acme.example/", name: "https://www.acme.example/", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "sc-domain:acme.example", name: "acme.example", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "https://blog.other.example/", name: "https://blog.other.example/", timezone: "America/Los_Angeles", currency: "USD", status: "unverified" },
    ]);
  },
  singlePage(rows, fake) {
    const [r] = gscRows(site, day, day, ["date"]);
    expect(rows).toEqual([{ date: day, site_url: site, clicks: r.clicks, impressions: r.impressions, ctr: r.ctr, position: r.position }]);
    const [request] = fake.server.requestsTo(QUERY);
    expect(request.path).toBe(`/webmasters/v3/sites/${encodeURIComponent(site)}/searchAnalytics/query`);
    expect(request.json()).toEqual({ startDate: day, endDate: day, dimensions: ["date"], type: "web", dataState: "all", aggregationType: "auto", rowLimit: 10, startRow: 0 });
  },
  pagination: {
    // 2 days x 3 queries x 2 devices = 12 rows, 10 a page.
    read: { fields: ["date", "query", "device", "clicks"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(12);
      expect(fake.server.requestsTo(QUERY).map((r) => r.json<{ startRow: number }>().startRow)).toEqual([0, 10]);
      const want = gscRows(site, day, "2025-03-02", ["date", "query", "device"]).find((r) => r.keys.join() === "2025-03-02,ads dashboard,MOBILE")!;
      expect(rows.find((r) => r.date === "2025-03-02" && r.query === "ads dashboard" && r.device === "MOBILE")?.clicks).toBe(want.clicks);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads the image tab by country in lower-case ISO codes": async ({ read, fake }) => {
      const rows = await read({ options: { report: "image" }, fields: ["country", "impressions"] });
      expect(rows).toEqual(gscRows(site, day, day, ["country"], "image").map((r) => ({ country: r.keys[0], impressions: r.impressions })));
      expect(fake.server.requestsTo(QUERY)[0].json<{ type: string }>().type).toBe("image");
    },
    "maps a 403 for an unverified property to a missing-permission config error": async ({ ctx }) => {
      const error = await collectRows(connector.read(ctx(), { accounts: [{ id: SITES[2].siteUrl, name: "blog", timezone: "America/Los_Angeles", currency: "USD" }], fields: ["clicks"], range: { start: day, end: day } })).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Google Search Console") });
    },
    "refuses hourly reads": async ({ read }) => {
      await expect(read({ granularity: "hour" })).rejects.toThrow(/by day/);
    },
  },
});
