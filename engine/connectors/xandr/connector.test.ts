import { expect } from "vitest";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { startXandrFake, XANDR_REFUSAL, XANDR_UNAUTHORIZED } from "./fake.js";
import { xandrConnector } from "./connector.js";

const shoes = "51001";
const day = "2025-03-01";

behaviourSuite({
  connector: xandrConnector,
  start: startXandrFake,
  dataPath: "/report",
  isDataRequest: (r) => r.method === "POST",
  read: { accounts: [shoes], fields: ["date", "impressions", "clicks", "cost", "conversions", "conversion_value"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: XANDR_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: shoes, name: "Signal Shoes", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: "51002", name: "Signal Paris", timezone: "Europe/Paris", currency: "EUR", status: "disabled" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(shoes, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, conversion_value: m.conversionValue }]);
    const [create] = fake.server.requestsTo("/report", "POST");
    expect(create.query.get("advertiser_id")).toBe(shoes);
    expect(create.json()).toEqual({ report: { report_type: "advertiser_analytics", columns: ["day", "imps", "clicks", "cost", "total_convs", "total_revenue"], start_date: "2025-03-01 00:00:00", end_date: "2025-03-02 00:00:00", timezone: "America/New_York", format: "csv" } });
    expect(create.headers.authorization).toBe("xandr-session-1");
  },
  pagination: {
    // Ten days by hour: a week per report.
    read: { fields: ["date", "hour", "clicks"], granularity: "hour", range: { start: day, end: "2025-03-10" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(240);
      expect(rows[25]).toEqual({ date: "2025-03-02", hour: 1, clicks: accountMetrics(shoes, "2025-03-02", 1).clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/auth", XANDR_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/auth", XANDR_REFUSAL).refused,
    "waits for a pending report, then reads campaigns": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "clicks"] }, undefined, () => {
        fake.server.once("GET", "/report", { json: { response: { status: "OK", execution_status: "pending" } } });
      });
      expect(rows).toEqual(fakeCampaigns(shoes).map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks })));
      expect(fake.server.requestsTo("/report", "GET")).toHaveLength(2);
    },
    "pages advertisers with start_element": async ({ fake, ctx }) => {
      fake.options.pageSize = 1;
      expect((await xandrConnector.listAccounts(ctx())).map((a) => a.id)).toEqual([shoes, "51002"]);
      expect(fake.server.requestsTo("/advertiser").map((r) => r.query.get("start_element"))).toEqual(["0", "1"]);
    },
  },
});
