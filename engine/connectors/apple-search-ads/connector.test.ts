import { expect } from "vitest";
import { APPLE_REFUSAL, APPLE_UNAUTHORIZED, ORGS, startAppleSearchAdsFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { appleSearchAdsConnector } from "./connector.js";

const org = String(ORGS[0].orgId);
const day = "2025-03-01";
const REPORT = "/api/v5/reports/campaigns";

behaviourSuite({
  connector: appleSearchAdsConnector,
  start: startAppleSearchAdsFake,
  dataPath: REPORT,
  read: { accounts: [org], fields: ["date", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day } },
  unauthorized: APPLE_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(ORGS.map((o) => ({ id: String(o.orgId), name: o.orgName, timezone: o.timeZone, currency: o.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const m = accountMetrics(org, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    const [request] = fake.server.requestsTo(REPORT);
    expect(request.headers["x-ap-context"]).toBe(`orgId=${org}`);
    expect(request.json()).toMatchObject({ startTime: day, endTime: day, granularity: "DAILY", timeZone: "ORTZ", selector: { pagination: { offset: 0, limit: 1000 } } });
    // The token came from a client secret the fake verified with the public key.
    expect(request.headers.authorization).toBe("Bearer apple-session-1");
  },
  pagination: {
    // Ten days by hour: a week per request.
    read: { fields: ["date", "hour", "clicks"], granularity: "hour", range: { start: day, end: "2025-03-10" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(240);
      expect(rows[239]).toEqual({ date: "2025-03-10", hour: 23, clicks: accountMetrics(org, "2025-03-10", 23).clicks });
      expect(fake.server.requestsTo(REPORT).map((r) => r.json<{ granularity: string; startTime: string }>().startTime)).toEqual([day, "2025-03-08"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "pages campaign rows with selector.pagination offsets": async ({ read, fake }) => {
      fake.options.pageSize = 1;
      const rows = await read({ fields: ["campaign_id", "clicks"] });
      expect(rows.map((r) => r.campaign_id)).toEqual(fakeCampaigns(org).map((c) => c.id));
      expect(fake.server.requestsTo(REPORT).map((r) => r.json<{ selector: { pagination: { offset: number } } }>().selector.pagination.offset)).toEqual([0, 1, 2]);
    },
    "refreshes an expired session token with a new login, then retries": sessionCases("/auth/oauth2/token", APPLE_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/auth/oauth2/token", APPLE_REFUSAL).refused,
    "reads campaigns by hour": async ({ read }) => {
      const rows = await read({ fields: ["date", "hour", "campaign_name", "campaign_status", "clicks"], granularity: "hour" });
      expect(rows).toHaveLength(72);
      const [first] = fakeCampaigns(org);
      expect(rows[0]).toEqual({ date: day, hour: 0, campaign_name: first.name, campaign_status: "ENABLED", clicks: campaignMetrics(first.id, day, 0).clicks });
    },
  },
});
