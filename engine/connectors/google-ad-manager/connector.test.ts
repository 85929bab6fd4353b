import { expect } from "vitest";
import { FETCH_ROWS, NETWORKS, startAdManagerFake, type AdManagerFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { googleAdManagerConnector } from "./connector.js";

const [news] = NETWORKS;
const day = "2025-03-01";

behaviourSuite({
  connector: googleAdManagerConnector,
  start: startAdManagerFake,
  dataPath: FETCH_ROWS,
  read: { accounts: [news.networkCode], fields: ["date", "impressions", "clicks", "revenue", "ecpm"], range: { start: day, end: day }, options: { report: "network" } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Read requests'"), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "The service is currently unavailable."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "21700001", name: "Signal News", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "21700002", name: "Signal Sports", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(news.networkCode, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, revenue: m.cost, ecpm: Math.round(((m.cost * 1000) / m.impressions) * 100) / 100 }]);
    expect(fake.server.requestsTo("/v1/networks/:code/reports")[0].json()).toMatchObject({
      visibility: "HIDDEN",
      reportDefinition: { dimensions: ["DATE"], reportType: "HISTORICAL", dateRange: { fixed: { startDate: { year: 2025, month: 3, day: 1 }, endDate: { year: 2025, month: 3, day: 1 } } } },
    });
  },
  pagination: {
    // 5 days by hour: 120 rows, 100 per fetchRows page.
    read: { fields: ["date", "hour", "impressions"], granularity: "hour", range: { start: day, end: "2025-03-05" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(120);
      expect(rows[119]).toEqual({ date: "2025-03-05", hour: 23, impressions: accountMetrics(news.networkCode, "2025-03-05", 23).impressions });
      expect(fake.server.requestsTo(FETCH_ROWS).map((r) => r.query.get("pageToken"))).toEqual([null, "100"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "polls a pending report run operation until done, then reads orders": async ({ read, fake }) => {
      (fake as AdManagerFake).pendingPolls = 1;
      const rows = await read({ options: { report: "order" }, fields: ["campaign_id", "campaign_name", "revenue"] });
      expect(rows).toEqual(fakeCampaigns(news.networkCode).map((o) => ({ campaign_id: o.id, campaign_name: o.name, revenue: campaignMetrics(o.id, day).cost })));
      expect(fake.server.requestsTo("/v1/networks/:code/operations/reports/runs/:run")).toHaveLength(2);
    },
    "maps PERMISSION_DENIED to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("POST", "/v1/networks/:code/reports", googleStatus(403, "PERMISSION_DENIED", "The user does not have permission to run reports on network 21700001"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Google Ad Manager") });
    },
  },
});
