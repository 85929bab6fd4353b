import { expect } from "vitest";
import { CLIENTS, MANAGER, startSearchAds360Fake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { searchAds360Connector } from "./connector.js";

const [fr] = CLIENTS;
const day = "2025-03-01";
const STREAM = "/v0/customers/:id/searchAds360:searchStream";

behaviourSuite({
  connector: searchAds360Connector,
  start: startSearchAds360Fake,
  dataPath: STREAM,
  read: { accounts: [fr.id], fields: ["date", "account_name", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."), headers: { "retry-after": "1" } },
  serverError: googleStatus(503, "UNAVAILABLE", "The service is currently unavailable."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "4100000011", name: "Signal Search FR", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "4100000012", name: "Signal Search US", timezone: "America/New_York", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(fr.id, day);
    expect(rows).toEqual([{ date: day, account_name: "Signal Search FR", impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    const [request] = fake.server.requestsTo(STREAM);
    expect(request.headers["login-customer-id"]).toBe(MANAGER.id);
    expect(request.json<{ query: string }>().query).toMatch(/^SELECT segments\.date, customer\.id, .* FROM customer WHERE segments\.date BETWEEN '2025-03-01' AND '2025-03-01'$/);
  },
  pagination: {
    // 40 days: two streamed queries of at most 31 days.
    read: { fields: ["date", "clicks"], range: { start: "2025-01-01", end: "2025-02-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-02-09", clicks: accountMetrics(fr.id, "2025-02-09").clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads campaigns by hour with segments.hour": async ({ read }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_name", "hour", "clicks"], granularity: "hour" });
      expect(rows).toHaveLength(3 * 24);
      const [first] = fakeCampaigns(fr.id);
      expect(rows.find((r) => r.campaign_name === first.name && r.hour === 9)).toEqual({ campaign_name: first.name, hour: 9, clicks: campaignMetrics(first.id, day, 9).clicks });
    },
    "lists the customer_client hierarchy over nextPageToken pages": async ({ fake, ctx }) => {
      fake.options.pageSize = 2;
      expect((await searchAds360Connector.listAccounts(ctx())).map((a) => a.id)).toEqual(CLIENTS.map((c) => c.id));
      expect(fake.server.requestsTo("/v0/customers/:id/searchAds360:search").map((r) => r.json<{ pageToken?: string }>().pageToken ?? null)).toEqual([null, "2"]);
    },
    "maps PERMISSION_DENIED to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("POST", STREAM, googleStatus(403, "PERMISSION_DENIED", "The caller does not have permission"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Search Ads 360") });
    },
  },
});
