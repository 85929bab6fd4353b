import { expect } from "vitest";
import { ADVERTISERS, startDv360Fake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { dv360Connector } from "./connector.js";

const [shoes, hats] = ADVERTISERS;
const day = "2025-03-01";

behaviourSuite({
  connector: dv360Connector,
  start: startDv360Fake,
  dataPath: "/v4/bidmanager/queries",
  read: { accounts: [shoes.advertiserId], fields: ["date", "account_name", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Queries'"), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "The service is currently unavailable."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "7001", name: "Signal Shoes", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "7002", name: "Signal Hats", timezone: "America/Chicago", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(shoes.advertiserId, day);
    expect(rows).toEqual([{ date: day, account_name: "Signal Shoes", impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    const [create] = fake.server.requestsTo("/v4/bidmanager/queries");
    expect(create.json()).toMatchObject({
      metadata: { dataRange: { range: "CUSTOM_DATES", customStartDate: { year: 2025, month: 3, day: 1 } }, format: "CSV" },
      params: { type: "STANDARD", filters: [{ type: "FILTER_ADVERTISER", value: "7001" }] },
      schedule: { frequency: "ONE_TIME" },
    });
    expect(fake.server.requestsTo("/v4/bidmanager/queries/:id", "DELETE")).toHaveLength(1);
    expect(fake.server.requestsTo("/dv360-storage/:file")[0].headers.authorization).toBeUndefined();
  },
  pagination: {
    // One query per advertiser; the advertisers themselves arrive over nextPageToken pages.
    read: { accounts: [shoes.advertiserId, hats.advertiserId], fields: ["account_id", "clicks"] },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([
        { account_id: "7001", clicks: accountMetrics("7001", day).clicks },
        { account_id: "7002", clicks: accountMetrics("7002", day).clicks },
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "polls a pending report until DONE, then reads campaigns from its CSV": async ({ read, fake }) => {
      (fake as Awaited<ReturnType<typeof startDv360Fake>>).pendingPolls = 1;
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "cost"] });
      expect(rows).toEqual(fakeCampaigns("7001").map((c) => ({ campaign_id: c.id, campaign_name: c.name, cost: campaignMetrics(c.id, day).cost })));
      expect(fake.server.requestsTo("/v4/bidmanager/queries/:id/reports/:rid")).toHaveLength(2);
    },
    "reads hours through FILTER_TIME_OF_DAY": async ({ read, fake }) => {
      const rows = await read({ fields: ["date", "hour", "impressions"], granularity: "hour" });
      expect(rows).toHaveLength(24);
      expect(rows[5]).toEqual({ date: day, hour: 5, impressions: accountMetrics("7001", day, 5).impressions });
      expect(fake.server.requestsTo("/v4/bidmanager/queries")[0].json<{ params: { groupBys: string[] } }>().params.groupBys).toContain("FILTER_TIME_OF_DAY");
    },
    "lists advertisers over nextPageToken pages": async ({ fake, ctx }) => {
      fake.options.pageSize = 1;
      expect((await dv360Connector.listAccounts(ctx())).map((a) => a.id)).toEqual(["7001", "7002"]);
      expect(fake.server.requestsTo("/v4/advertisers").map((r) => r.query.get("pageToken"))).toEqual([null, "1"]);
    },
    "maps PERMISSION_DENIED to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("POST", "/v4/bidmanager/queries", googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Display & Video 360") });
    },
  },
});
