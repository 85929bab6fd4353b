import { expect } from "vitest";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { startTaboolaFake, TABOOLA_CLIENT, TABOOLA_REFUSAL, TABOOLA_UNAUTHORIZED } from "./fake.js";
import { taboolaConnector } from "./connector.js";

const shoes = "signal-shoes-sc";
const day = "2025-03-01";
const REPORTS = "/backstage/api/1.0/:account/reports/campaign-summary/dimensions/:dimension";

behaviourSuite({
  connector: taboolaConnector,
  start: startTaboolaFake,
  dataPath: REPORTS,
  read: { accounts: [shoes], fields: ["date", "impressions", "clicks", "cost", "conversions", "cpm"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: TABOOLA_UNAUTHORIZED,
  listAccounts(accounts) {
    // The publisher account is left out.
    expect(accounts).toEqual([{ id: shoes, name: "Signal Shoes", timezone: "America/New_York", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(shoes, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, cpm: Math.round(((m.cost * 1000) / m.impressions) * 100) / 100 }]);
    const [request] = fake.server.requestsTo(REPORTS);
    expect(request.path).toBe(`/backstage/api/1.0/${shoes}/reports/campaign-summary/dimensions/day`);
    expect(Object.fromEntries(request.query)).toEqual({ start_date: day, end_date: day });
    expect(request.headers.authorization).toBe("Bearer taboola-session-1");
    expect(fake.server.requestsTo("/backstage/oauth/token")[0].form().get("client_secret")).toBe(TABOOLA_CLIENT.clientSecret);
  },
  pagination: {
    // Ten days by hour (per campaign, summed to the account): a week per request.
    read: { fields: ["date", "hour", "clicks"], granularity: "hour", range: { start: day, end: "2025-03-10" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(240);
      expect(rows[0]).toEqual({ date: day, hour: 0, clicks: accountMetrics(shoes, day, 0).clicks });
      expect(fake.server.requestsTo(REPORTS).map((r) => [r.params.dimension, r.query.get("start_date")])).toEqual([
        ["campaign_hour_breakdown", "2025-03-01T00:00:00"],
        ["campaign_hour_breakdown", "2025-03-08T00:00:00"],
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/backstage/oauth/token", TABOOLA_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/backstage/oauth/token", TABOOLA_REFUSAL).refused,
    "reads campaigns with campaign_day_breakdown": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "clicks"] });
      expect(rows).toEqual(fakeCampaigns(shoes).map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks })));
      expect(fake.server.requestsTo(REPORTS)[0].params.dimension).toBe("campaign_day_breakdown");
    },
  },
});
