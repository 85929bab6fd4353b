import { expect } from "vitest";
import { MARKETERS, OUTBRAIN_REFUSAL, OUTBRAIN_UNAUTHORIZED, startOutbrainFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { outbrainConnector } from "./connector.js";

const [media] = MARKETERS;
const day = "2025-03-01";
const PERIODIC = "/amplify/v0.1/reports/marketers/:id/periodic";

behaviourSuite({
  connector: outbrainConnector,
  start: startOutbrainFake,
  dataPath: PERIODIC,
  read: { accounts: [media.id], fields: ["date", "impressions", "clicks", "cost", "conversions", "conversion_value"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: OUTBRAIN_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: media.id, name: "Signal Media", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: MARKETERS[1].id, name: "Signal Old", timezone: "America/New_York", currency: "EUR", status: "disabled" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(media.id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, conversion_value: m.conversionValue }]);
    const [request] = fake.server.requestsTo(PERIODIC);
    expect(Object.fromEntries(request.query)).toEqual({ from: day, to: day, breakdown: "daily", limit: "500", offset: "0" });
    expect(request.headers["ob-token-v1"]).toBe("outbrain-session-1");
    expect(request.headers.authorization).toBeUndefined();
  },
  pagination: {
    // 213 days answered 100 per page.
    read: { fields: ["date", "clicks"], range: { start: "2024-01-01", end: "2024-07-31" } },
    pages: 3,
    check(rows, fake) {
      expect(rows).toHaveLength(213);
      expect(rows[212]).toEqual({ date: "2024-07-31", clicks: accountMetrics(media.id, "2024-07-31").clicks });
      expect(fake.server.requestsTo(PERIODIC).map((r) => r.query.get("offset"))).toEqual(["0", "100", "200"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/amplify/v0.1/login", OUTBRAIN_REFUSAL, "GET").refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/amplify/v0.1/login", OUTBRAIN_REFUSAL, "GET").refused,
    "reads campaigns with their names and status": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "campaign_status", "cost"] });
      expect(rows).toEqual(fakeCampaigns(media.id).map((c) => ({ campaign_id: c.id, campaign_name: c.name, campaign_status: c.status === "ACTIVE" ? "ENABLED" : "PAUSED", cost: campaignMetrics(c.id, day).cost })));
      expect(fake.server.requestsTo("/amplify/v0.1/reports/marketers/:id/campaigns/periodic")).toHaveLength(1);
    },
  },
});
