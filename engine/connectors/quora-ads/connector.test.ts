import { expect } from "vitest";
import { ACCOUNTS, QUORA_UNAUTHORIZED, quoraCampaigns, quoraError, startQuoraFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { quoraAdsConnector } from "./connector.js";

const id = String(ACCOUNTS[0].accountId);
const day = "2025-03-01";

behaviourSuite({
  connector: quoraAdsConnector,
  start: startQuoraFake,
  dataPath: "/ads/v0/accounts/:id",
  read: { accounts: [id], fields: ["date", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: QUORA_UNAUTHORIZED,
  rateLimited: { ...quoraError(429, "Rate limit exceeded"), headers: { "retry-after": "1" } },
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "90001", name: "Signal Q&A", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "90002", name: "Signal Q&A EU", timezone: "Europe/Dublin", currency: "EUR", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(id, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    expect(Object.fromEntries(fake.server.requestsTo("/ads/v0/accounts/:id")[0].query)).toEqual({ fields: "accountId,impressions,clicks,spend,conversions", startDate: day, endDate: day, offset: "0", limit: "100" });
  },
  pagination: {
    // The API answers window totals: one request per day.
    read: { fields: ["date", "clicks"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([
        { date: day, clicks: accountMetrics(id, day).clicks },
        { date: "2025-03-02", clicks: accountMetrics(id, "2025-03-02").clicks },
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads campaigns with their names": async ({ read }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "clicks"] });
      expect(rows).toEqual(fakeCampaigns(id).map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks })));
    },
    "pages campaign rows with offset and limit": async ({ read, fake }) => {
      const eu = String(ACCOUNTS[1].accountId);
      const rows = await read({ accounts: [eu], options: { report: "campaign" }, fields: ["campaign_id", "clicks"] });
      expect(rows).toHaveLength(102);
      expect(rows[101]).toEqual({ campaign_id: quoraCampaigns(eu)[101].id, clicks: campaignMetrics(quoraCampaigns(eu)[101].id, day).clicks });
      expect(fake.server.requestsTo("/ads/v0/accounts/:id").map((r) => r.query.get("offset"))).toEqual(["0", "100"]);
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("GET", "/ads/v0/accounts/:id", quoraError(403, "User does not have access to this account"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("does not have access") });
    },
  },
});
