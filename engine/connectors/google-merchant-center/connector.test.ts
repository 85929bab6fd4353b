import { expect } from "vitest";
import { GMC_UNAUTHORIZED, gmcRow, startGmcFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";
import { googleMerchantCenterConnector, performanceQuery } from "./connector.js";

const offers = [...Array(40).keys()];
const total = (dates: string[], f: (r: ReturnType<typeof gmcRow>["productPerformanceView"]) => number) => dates.reduce((s, d) => s + offers.reduce((t, o) => t + f(gmcRow(d, o).productPerformanceView), 0), 0);

behaviourSuite({
  connector: googleMerchantCenterConnector,
  start: startGmcFake,
  dataPath: "/reports/v1/accounts/123456/reports:search",
  read: { fields: ["date", "clicks", "impressions", "ctr", "conversion_value"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: GMC_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "123456", name: "Signal Store", timezone: "Europe/Paris", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = ["2025-01-06"];
    const clicks = total(day, (v) => Number(v.clicks));
    const impressions = total(day, (v) => Number(v.impressions));
    expect(rows).toEqual([{ date: "2025-01-06", clicks, impressions, ctr: Math.round((clicks / impressions) * 1e4) / 1e4, conversion_value: total(day, (v) => Number(v.conversionValue.amountMicros) / 1e6) }]);
    const [request] = fake.server.requestsTo("/reports/v1/accounts/123456/reports:search");
    expect(request.json()).toEqual({ query: performanceQuery({ start: "2025-01-06", end: "2025-01-06" }), pageSize: 1000 });
  },
  pagination: {
    // 31 days x 40 offers = 1,240 rows: two pages of 1,000.
    read: { fields: ["marketing_method", "clicks"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows) {
      const days = daysBetween("2025-01-01", "2025-01-31");
      const of = (method: string) => days.reduce((s, d) => s + offers.filter((o) => (o % 2 ? "ADS" : "ORGANIC") === method).reduce((t, o) => t + Number(gmcRow(d, o).productPerformanceView.clicks), 0), 0);
      expect(rows).toEqual([
        { marketing_method: "ORGANIC", clicks: of("ORGANIC") },
        { marketing_method: "ADS", clicks: of("ADS") },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});
