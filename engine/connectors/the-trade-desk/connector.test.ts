import { expect } from "vitest";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { startTradeDeskFake, TTD_ADVERTISERS, TTD_REFUSAL, TTD_UNAUTHORIZED } from "./fake.js";
import { theTradeDeskConnector } from "./connector.js";

const shoes = TTD_ADVERTISERS[0].AdvertiserId;
const day = "2025-03-01";
const SCHEDULE = "/v3/myreports/reportschedule";

behaviourSuite({
  connector: theTradeDeskConnector,
  start: startTradeDeskFake,
  dataPath: SCHEDULE,
  read: { accounts: [shoes], fields: ["date", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day } },
  unauthorized: TTD_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: shoes, name: "Signal Shoes", timezone: "UTC", currency: "USD", status: "active" },
      { id: "adv2def", name: "Signal Books", timezone: "UTC", currency: "GBP", status: "closed" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(shoes, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    const [schedule] = fake.server.requestsTo(SCHEDULE);
    expect(schedule.json()).toMatchObject({ ReportTemplateId: 4242, ReportDateRange: "Custom", ReportStartDateInclusive: "2025-03-01T00:00:00", ReportEndDateExclusive: "2025-03-02T00:00:00", TimeZone: "UTC", ReportFrequency: "Once", AdvertiserFilters: [shoes] });
    expect(schedule.headers["ttd-auth"]).toBe("ttd-session-1");
    expect(fake.server.requestsTo("/v3/myreports/download/:file")[0].headers["ttd-auth"]).toBe("ttd-session-1");
  },
  pagination: {
    // 40 days: one report per 31 days.
    read: { fields: ["date", "clicks"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", clicks: accountMetrics(shoes, "2025-04-09").clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/v3/authentication", TTD_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/v3/authentication", TTD_REFUSAL).refused,
    "waits for a pending execution, then reads campaigns": async ({ read, fake }) => {
      const rows = await read({ fields: ["campaign_id", "campaign_name", "clicks"] }, undefined, () => {
        fake.server.once("POST", "/v3/myreports/reportexecution/query/advertisers", { json: { Result: [{ ReportExecutionState: "Pending", ReportDeliveries: [] }], ResultCount: 1 } });
      });
      expect(rows).toEqual(fakeCampaigns(shoes).map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks })));
      expect(fake.server.requestsTo("/v3/myreports/reportexecution/query/advertisers")).toHaveLength(2);
    },
    "pages advertisers with PageStartIndex": async ({ fake, ctx }) => {
      fake.options.pageSize = 1;
      expect((await theTradeDeskConnector.listAccounts(ctx())).map((a) => a.id)).toEqual(TTD_ADVERTISERS.map((a) => a.AdvertiserId));
      expect(fake.server.requestsTo("/v3/advertiser/query/partner").map((r) => r.json<{ PageStartIndex: number }>().PageStartIndex)).toEqual([0, 1]);
    },
  },
});
