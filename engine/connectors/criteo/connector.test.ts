import { expect } from "vitest";
import { ADVERTISERS, CRITEO_CLIENT, CRITEO_REFUSAL, CRITEO_UNAUTHORIZED, startCriteoFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { criteoConnector } from "./connector.js";

const [shoes] = ADVERTISERS;
const day = "2025-03-01";
const REPORT = "/2026-01/statistics/report";

behaviourSuite({
  connector: criteoConnector,
  start: startCriteoFake,
  dataPath: REPORT,
  read: { accounts: [shoes.id], fields: ["date", "impressions", "clicks", "cost", "conversions", "conversion_value", "ctr"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: CRITEO_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(ADVERTISERS.map((a) => ({ id: a.id, name: a.name, timezone: "UTC", currency: "EUR", status: "active" })));
  },
  singlePage(rows, fake) {
    const m = accountMetrics(shoes.id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, conversion_value: m.conversionValue, ctr: Math.round((m.clicks / m.impressions) * 1e4) / 1e4 }]);
    const [request] = fake.server.requestsTo(REPORT);
    expect(request.json()).toMatchObject({ advertiserIds: shoes.id, startDate: "2025-03-01T00:00:00.000Z", endDate: "2025-03-01T23:59:59.000Z", format: "json", dimensions: ["AdvertiserId", "Day"], timezone: "UTC", currency: "EUR" });
    expect(request.headers.authorization).toBe("Bearer criteo-session-1");
    expect(fake.server.requestsTo("/oauth2/token")[0].form().get("client_id")).toBe(CRITEO_CLIENT.clientId);
  },
  pagination: {
    // Ten days by hour: a week per request.
    read: { fields: ["date", "hour", "clicks"], granularity: "hour", range: { start: day, end: "2025-03-10" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(240);
      expect(rows[239]).toEqual({ date: "2025-03-10", hour: 23, clicks: accountMetrics(shoes.id, "2025-03-10", 23).clicks });
      expect(fake.server.requestsTo(REPORT).map((r) => r.json<{ startDate: string }>().startDate.slice(0, 10))).toEqual(["2025-03-01", "2025-03-08"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/oauth2/token", CRITEO_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/oauth2/token", CRITEO_REFUSAL).refused,
    "reads campaigns by name": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "cost"] });
      expect(rows).toEqual(fakeCampaigns(shoes.id).map((c) => ({ campaign_id: c.id, campaign_name: c.name, cost: campaignMetrics(c.id, day).cost })));
      expect(fake.server.requestsTo(REPORT)[0].json()).toMatchObject({ dimensions: ["AdvertiserId", "Day", "CampaignId", "Campaign"] });
    },
  },
});
