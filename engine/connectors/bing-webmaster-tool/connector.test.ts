import { describe, expect, it } from "vitest";
import { BING_KEY, BING_NOT_AUTHORIZED, BING_SITES, bingError, bingKeyed, bingTraffic, startBingWebmasterFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { bingWebmasterToolConnector, wcfDate } from "./connector.js";

const STATS = /^\/webmaster\/api\.svc\/json\/Get(RankAndTraffic|Query|Page)Stats$/;
const [www, shop] = [BING_SITES[0].Url, BING_SITES[1].Url];
const day = "2025-03-01";

behaviourSuite({
  connector: bingWebmasterToolConnector,
  start: startBingWebmasterFake,
  dataPath: STATS,
  read: { accounts: [www], fields: ["date", "site_url", "clicks", "impressions", "ctr"], range: { start: day, end: day } },
  unauthorized: BING_NOT_AUTHORIZED,
  rateLimited: { ...bingError(429, 4, "ThrottleUser"), headers: { "retry-after": "1" } },
  listAccounts(accounts) {
    expect(accounts.map((a) => [a.id, a.status])).toEqual([
      [www, "active"],
      [shop, "active"],
      ["https://new.acme.example/", "unverified"],
    ]);
  },
  singlePage(rows, fake) {
    const t = bingTraffic(www, day);
    expect(rows).toEqual([{ date: day, site_url: www, clicks: t.Clicks, impressions: t.Impressions, ctr: Math.round((t.Clicks / t.Impressions) * 1e4) / 1e4 }]);
    const [request] = fake.server.requestsTo(STATS);
    expect(Object.fromEntries(request.query)).toEqual({ siteUrl: www, apikey: BING_KEY });
  },
  pagination: {
    // No paging in this API: one call per site, the whole history each time.
    read: { accounts: [www, shop], fields: ["site_url", "clicks"], range: { start: "2025-03-01", end: "2025-03-03" } },
    pages: 2,
    check(rows) {
      const sum = (site: string) => ["2025-03-01", "2025-03-02", "2025-03-03"].reduce((s, d) => s + bingTraffic(site, d).Clicks, 0);
      expect(rows).toEqual([{ site_url: www, clicks: sum(www) }, { site_url: shop, clicks: sum(shop) }]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads query statistics in weekly buckets": async ({ read }) => {
      const rows = await read({ fields: ["date", "query", "clicks", "avg_click_position"], range: { start: "2025-03-02", end: "2025-03-02" }, options: { report: "queries" } });
      expect(rows).toEqual(["acme bakery", "croissant near me"].map((q) => {
        const s = bingKeyed(www, "2025-03-02", q);
        return { date: "2025-03-02", query: q, clicks: s.Clicks, avg_click_position: s.AvgClickPosition };
      }));
    },
    "maps InvalidApiKey (HTTP 400) to a config error and NotAuthorized on a site to missing access": async ({ ctx, fake }) => {
      const bad = await bingWebmasterToolConnector.listAccounts(ctx({ type: "api-key", key: "wrong-key-000" })).catch((e: unknown) => e);
      expect(bad).toMatchObject({ kind: "config", message: expect.stringMatching(/InvalidApiKey.*reconnect/i) });
      fake.server.once("GET", STATS, bingError(400, 14, "NotAuthorized"));
      const denied = await bingWebmasterToolConnector.listAccounts(ctx()).then(async (accounts) => {
        const { collectRows } = await import("../../core/pages.js");
        return collectRows(bingWebmasterToolConnector.read(ctx(), { accounts: accounts.slice(0, 1), fields: ["clicks"], range: { start: day, end: day } }));
      }).catch((e: unknown) => e);
      expect(denied).toMatchObject({ kind: "config", message: expect.stringContaining("cannot read the site") });
    },
  },
});

describe("wcfDate", () => {
  it("reads the day in the offset the date names", () => {
    expect(wcfDate("/Date(1740816000000-0800)/")).toBe("2025-03-01");
    expect(wcfDate("/Date(1740787200000)/")).toBe("2025-03-01");
    expect(wcfDate("nonsense")).toBeNull();
  });
});
