import { expect } from "vitest";
import { ADSWIZZ_AGENCIES, ADSWIZZ_KEY, ADSWIZZ_UNAUTHORIZED, adswizzTotals, campaignKey, startAdsWizzFake } from "./fake.js";
import { fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { adsWizzConnector } from "./connector.js";

const agency = String(ADSWIZZ_AGENCIES[0].id);
const day = "2025-03-01";
const DATA = "/domain/v8/reports/query";
const round = (n: number) => Math.round(n * 100) / 100;
const accountTotal = (d: string, k: keyof ReturnType<typeof adswizzTotals>) => round(fakeCampaigns(agency).reduce((s, c) => s + adswizzTotals(c.id, d)[k], 0));

behaviourSuite({
  connector: adsWizzConnector,
  start: startAdsWizzFake,
  dataPath: DATA,
  read: { accounts: [agency], fields: ["date", "impressions", "cost", "cpm"], range: { start: day, end: day } },
  unauthorized: ADSWIZZ_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(ADSWIZZ_AGENCIES.map((a) => ({ id: String(a.id), name: a.name, timezone: "UTC", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const impressions = accountTotal(day, "demandAudioImp");
    const cost = accountTotal(day, "supplyRevenueInUSD");
    expect(rows).toEqual([{ date: day, impressions, cost, cpm: round((cost * 1000) / impressions) }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.headers).toMatchObject({ "x-api-key": ADSWIZZ_KEY, agency, environment: "AUDIOMAX" });
    expect(request.json()).toEqual({
      metrics: ["demandAudioImp", "supplyRevenueInUSD", "objectiveCountableSum", "supplyGrossClearingPriceSum"],
      interval: { from: "2025-03-01T00:00:00Z", to: "2025-03-01T23:59:59Z" },
    });
  },
  pagination: {
    // One query per UTC day.
    read: { fields: ["date", "impressions"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([
        { date: day, impressions: accountTotal(day, "demandAudioImp") },
        { date: "2025-03-02", impressions: accountTotal("2025-03-02", "demandAudioImp") },
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "splits by contract line for the campaign report": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "impressions", "objective_delivered"] });
      expect(fake.server.requestsTo(DATA)[0].json<{ splitters: unknown }>().splitters).toEqual([{ id: "contractLineName", limit: 1000 }]);
      expect(rows).toEqual(fakeCampaigns(agency).map((c) => ({ campaign_id: c.id, campaign_name: c.name, impressions: adswizzTotals(c.id, day).demandAudioImp, objective_delivered: adswizzTotals(c.id, day).objectiveCountableSum })));
      expect(campaignKey(fakeCampaigns(agency)[0])).toMatch(/\(\d+\)$/);
    },
  },
});
