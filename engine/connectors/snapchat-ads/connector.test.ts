import { expect } from "vitest";
import { AD_ACCOUNTS, snapError, SNAPCHAT_UNAUTHORIZED, startSnapchatFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { snapchatAdsConnector } from "./connector.js";

const [la] = AD_ACCOUNTS;
const day = "2025-03-01";

behaviourSuite({
  connector: snapchatAdsConnector,
  start: startSnapchatFake,
  dataPath: "/v1/adaccounts/:id/stats",
  read: { accounts: [la.id], fields: ["date", "impressions", "clicks", "cost", "conversions", "conversion_value"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: SNAPCHAT_UNAUTHORIZED,
  rateLimited: { ...snapError(429, "E1012", "Too many requests"), headers: { "retry-after": "1" } },
  serverError: snapError(503, "E5000", "Service unavailable"),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: la.id, name: "Signal LA", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: AD_ACCOUNTS[1].id, name: "Signal Paris", timezone: "Europe/Paris", currency: "EUR", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(la.id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, conversion_value: m.conversionValue }]);
    const [request] = fake.server.requestsTo("/v1/adaccounts/:id/stats");
    // Los Angeles midnights in March 2025 are at -08:00.
    expect(Object.fromEntries(request.query)).toMatchObject({ granularity: "DAY", start_time: "2025-03-01T00:00:00.000-08:00", end_time: "2025-03-02T00:00:00.000-08:00" });
    expect(request.query.get("breakdown")).toBeNull();
  },
  pagination: {
    read: { fields: ["date", "clicks"], range: { start: "2025-01-01", end: "2025-02-15" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(46);
      expect(rows[45]).toEqual({ date: "2025-02-15", clicks: accountMetrics(la.id, "2025-02-15").clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    // Decision 0940: an answer the schema refuses is a system error naming the platform, no rows.
    "reports a stats answer the schema refuses as a system error naming Snapchat": async ({ read, fake }) => {
      fake.server.once("GET", "/v1/adaccounts/:id/stats", { json: { request_status: "SUCCESS", timeseries_stats: "not a list" } });
      await expect(read()).rejects.toMatchObject({ kind: "system", message: expect.stringMatching(/^snapchat-ads answered with an unexpected payload/) });
    },
    "names campaigns from the campaign listing across next_link pages": async ({ read, fake }) => {
      fake.options.pageSize = 2;
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "campaign_status", "cost"] });
      expect(rows).toEqual(fakeCampaigns(la.id).map((c) => ({ campaign_id: c.id, campaign_name: c.name, campaign_status: c.status, cost: campaignMetrics(c.id, day).cost })));
      expect(fake.server.requestsTo("/v1/adaccounts/:id/campaigns").map((r) => r.query.get("cursor"))).toEqual([null, "2"]);
      expect(fake.server.requestsTo("/v1/adaccounts/:id/stats")[0].query.get("breakdown")).toBe("campaign");
    },
    "reads HOUR granularity in the account's timezone": async ({ read, fake }) => {
      const rows = await read({ fields: ["date", "hour", "clicks"], granularity: "hour" });
      expect(rows).toHaveLength(24);
      expect(rows[13]).toEqual({ date: day, hour: 13, clicks: accountMetrics(la.id, day, 13).clicks });
      expect(fake.server.requestsTo("/v1/adaccounts/:id/stats")[0].query.get("granularity")).toBe("HOUR");
    },
    "shows the user Snapchat's msg, not the raw JSON body": async ({ read, fake }) => {
      fake.server.once("GET", "/v1/adaccounts/:id/stats", { status: 400, json: { request_status: "ERROR", request_id: "5f3c2b", msg: "Invalid breakdown for the requested granularity" } });
      const error = await read().catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "system", message: "Snapchat rejected the request: Invalid breakdown for the requested granularity." });
    },
    "leaves a metric the stats answer left out null, not 0": async ({ read, fake }) => {
      fake.server.once("GET", "/v1/adaccounts/:id/stats", {
        json: {
          request_status: "SUCCESS",
          timeseries_stats: [{ timeseries_stat: { id: la.id, timeseries: [{ start_time: "2025-03-01T00:00:00.000-08:00", stats: { impressions: 120, spend: 1_500_000 } }] } }],
        },
      });
      expect(await read({ fields: ["date", "impressions", "clicks", "cost", "conversions"] })).toEqual([{ date: day, impressions: 120, clicks: null, cost: 1.5, conversions: null }]);
    },
    "fails the read when a 200 carries a failed sub-request": async ({ read, fake }) => {
      fake.server.once("GET", "/v1/adaccounts/:id/stats", {
        json: { request_status: "PARTIAL", timeseries_stats: [{ sub_request_status: "ERROR", sub_request_error_reason: "Stats temporarily unavailable for this ad account", timeseries_stat: { id: la.id, timeseries: [] } }] },
      });
      await expect(read()).rejects.toMatchObject({ kind: "system", message: expect.stringContaining("Stats temporarily unavailable") });
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("GET", "/v1/adaccounts/:id/stats", snapError(403, "E3002", "User lacks permission on ad account"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("lacks permission") });
    },
  },
});
