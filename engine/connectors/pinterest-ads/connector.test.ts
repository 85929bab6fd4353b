import { expect } from "vitest";
import { AD_ACCOUNTS, PINTEREST_UNAUTHORIZED, startPinterestFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { pinterestAdsConnector } from "./connector.js";

const [home] = AD_ACCOUNTS;
const day = "2025-03-01";

behaviourSuite({
  connector: pinterestAdsConnector,
  start: startPinterestFake,
  dataPath: "/v5/ad_accounts/:id/analytics",
  read: { accounts: [home.id], fields: ["date", "impressions", "clicks", "cost", "conversions", "ctr"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: PINTEREST_UNAUTHORIZED,
  rateLimited: { status: 429, headers: { "retry-after": "1" }, json: { code: 8, message: "You have exceeded your rate limit. Try again later." } },
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: home.id, name: "Signal Home", timezone: "UTC", currency: "EUR", status: "active" },
      { id: AD_ACCOUNTS[1].id, name: "Signal US", timezone: "UTC", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(home.id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, ctr: Math.round((m.clicks / m.impressions) * 10000) / 10000 }]);
    const [request] = fake.server.requestsTo("/v5/ad_accounts/:id/analytics");
    expect(Object.fromEntries(request.query)).toMatchObject({ start_date: day, end_date: day, granularity: "DAY" });
    expect(request.query.get("columns")).toContain("SPEND_IN_MICRO_DOLLAR");
  },
  pagination: {
    // 120 days: two analytics requests of at most 90 days.
    read: { fields: ["date", "clicks"], range: { start: "2025-01-01", end: "2025-04-30" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(120);
      expect(fake.server.requestsTo("/v5/ad_accounts/:id/analytics").map((r) => [r.query.get("start_date"), r.query.get("end_date")])).toEqual([
        ["2025-01-01", "2025-03-31"],
        ["2025-04-01", "2025-04-30"],
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    // Decision 0940: an answer the schema refuses is a system error naming the platform, no rows.
    "reports an analytics answer the schema refuses as a system error naming Pinterest": async ({ read, fake }) => {
      fake.server.once("GET", "/v5/ad_accounts/:id/analytics", { json: { items: [{ DATE: 42 }] } });
      await expect(read()).rejects.toMatchObject({ kind: "system", message: expect.stringMatching(/^pinterest-ads answered with an unexpected payload/) });
    },
    "polls a pending campaign report job, then downloads its JSON file": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "clicks", "cost"] });
      const campaigns = fakeCampaigns(home.id);
      expect(rows).toEqual(campaigns.map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks, cost: campaignMetrics(c.id, day).cost })));
      const polls = fake.server.requestsTo("/v5/ad_accounts/:id/reports", "GET");
      expect(polls.map((p) => p.query.get("token"))).toEqual(["report-1", "report-1"]);
      expect(fake.server.requestsTo("/v5/ad_accounts/:id/reports", "POST")[0].json()).toMatchObject({ level: "CAMPAIGN", granularity: "DAY", report_format: "JSON", start_date: day });
      expect(fake.server.requestsTo("/pinterest-reports/:file")[0].headers.authorization).toBeUndefined();
    },
    "reads hours of one day summing to the day": async ({ read }) => {
      const rows = await read({ fields: ["hour", "clicks"], granularity: "hour" });
      expect(rows).toHaveLength(24);
      expect(rows.reduce((s, r) => s + Number(r.clicks), 0)).toBe(accountMetrics(home.id, day).clicks);
    },
    "lists ad accounts across bookmark pages": async ({ fake, ctx }) => {
      fake.options.pageSize = 1;
      expect((await pinterestAdsConnector.listAccounts(ctx())).map((a) => a.id)).toEqual(AD_ACCOUNTS.map((a) => a.id));
      expect(fake.server.requestsTo("/v5/ad_accounts").map((r) => r.query.get("bookmark"))).toEqual([null, "1"]);
    },
    "retries codes 1 and 12, which Pinterest documents as retryable, even on a 4xx": async ({ read, fake }) => {
      fake.server.once("GET", "/v5/ad_accounts/:id/analytics", { status: 400, json: { code: 1, message: "Sorry, something went wrong. Please try again." } });
      fake.server.once("GET", "/v5/ad_accounts/:id/analytics", { status: 408, json: { code: 12, message: "Request timed out." } });
      const rows = await read();
      expect(rows[0].clicks).toBe(accountMetrics(home.id, day).clicks);
      expect(fake.server.requestsTo("/v5/ad_accounts/:id/analytics")).toHaveLength(3);
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("GET", "/v5/ad_accounts/:id/analytics", { status: 403, json: { code: 29, message: "You are not permitted to access that resource." } });
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("not permitted") });
    },
  },
});
