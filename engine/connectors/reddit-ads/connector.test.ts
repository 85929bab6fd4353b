import { expect } from "vitest";
import { AD_ACCOUNTS, REDDIT_UNAUTHORIZED, redditError, startRedditFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { redditAdsConnector, REDDIT_USER_AGENT } from "./connector.js";

const [ny] = AD_ACCOUNTS;
const day = "2025-03-01";

behaviourSuite({
  connector: redditAdsConnector,
  start: startRedditFake,
  dataPath: "/api/v3/ad_accounts/:id/reports",
  read: { accounts: [ny.id], fields: ["date", "impressions", "clicks", "cost", "conversions", "cpm"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: REDDIT_UNAUTHORIZED,
  rateLimited: { ...redditError(429, "Too Many Requests"), headers: { "retry-after": "1" } },
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: ny.id, name: "Signal NY", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: AD_ACCOUNTS[1].id, name: "Signal Berlin", timezone: "Europe/Berlin", currency: "EUR", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(ny.id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, cpm: Math.round(((m.cost * 1000) / m.impressions) * 100) / 100 }]);
    const [request] = fake.server.requestsTo("/api/v3/ad_accounts/:id/reports");
    expect(request.json()).toEqual({ data: { breakdowns: ["DATE"], fields: ["IMPRESSIONS", "CLICKS", "SPEND", "KEY_CONVERSION_TOTAL_COUNT"], starts_at: "2025-03-01T00:00:00Z", ends_at: "2025-03-01T23:00:00Z", time_zone_id: "America/New_York" } });
    expect(request.headers["user-agent"]).toBe(REDDIT_USER_AGENT);
  },
  pagination: {
    // 5 days by hour: 120 rows, answered 100 per page.
    read: { fields: ["date", "hour", "clicks"], granularity: "hour", range: { start: day, end: "2025-03-05" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(120);
      expect(rows[0]).toEqual({ date: day, hour: 0, clicks: accountMetrics(ny.id, day, 0).clicks });
      expect(rows[119]).toEqual({ date: "2025-03-05", hour: 23, clicks: accountMetrics(ny.id, "2025-03-05", 23).clicks });
      expect(fake.server.requestsTo("/api/v3/ad_accounts/:id/reports").map((r) => r.query.get("page.token"))).toEqual([null, "100"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads campaigns with names from the campaign listing": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "campaign_status", "clicks"] });
      expect(rows).toEqual(fakeCampaigns(ny.id).map((c) => ({ campaign_id: c.id, campaign_name: c.name, campaign_status: c.status, clicks: campaignMetrics(c.id, day).clicks })));
      expect(fake.server.requestsTo("/api/v3/ad_accounts/:id/reports")[0].json()).toMatchObject({ data: { breakdowns: ["DATE", "CAMPAIGN_ID"] } });
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("POST", "/api/v3/ad_accounts/:id/reports", redditError(403, "Forbidden: no access to ad account"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("no access to ad account") });
    },
  },
});
