import { expect } from "vitest";
import { CHARTMOGUL_KEY, CHARTMOGUL_UNAUTHORIZED, mrrOn, startChartmogulFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { chartmogulConnector } from "./connector.js";

behaviourSuite({
  connector: chartmogulConnector,
  start: startChartmogulFake,
  dataPath: /^\/v1\/(metrics|activities)/,
  read: { fields: ["date", "mrr", "customers", "ltv"], range: { start: "2025-01-06", end: "2025-01-07" } },
  unauthorized: CHARTMOGUL_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "account", name: "Signal SaaS", timezone: "Europe/Berlin", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([
      { date: "2025-01-06", mrr: mrrOn("2025-01-06") / 100, customers: 206, ltv: 1200 },
      { date: "2025-01-07", mrr: mrrOn("2025-01-07") / 100, customers: 207, ltv: 1200 },
    ]);
    const [request] = fake.server.requestsTo("/v1/metrics/all");
    expect(Object.fromEntries(request.query)).toEqual({ "start-date": "2025-01-06", "end-date": "2025-01-07", interval: "day" });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${CHARTMOGUL_KEY}:`).toString("base64")}`);
  },
  pagination: {
    // 310 activities in January: two pages of 200 through the cursor.
    read: { options: { report: "activities" }, fields: ["type", "activities", "mrr_movement"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      const newBiz = fake.activities.filter((a) => a.type === "new_biz");
      expect(rows[0]).toEqual({ type: "new_biz", activities: newBiz.length, mrr_movement: (newBiz.length * 4900) / 100 });
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "follows the activities cursor while has_more": async ({ read, fake }) => {
      const month = { start: "2025-01-01", end: "2025-01-31" };
      const rows = await read({ options: { report: "activities" }, fields: ["activities"], range: month });
      expect(rows).toEqual([{ activities: 310 }]);
      expect(fake.server.requestsTo("/v1/activities").map((r) => r.query.get("cursor"))).toEqual([null, "200"]);
    },
    "reads MRR movements in currency units": async ({ read }) => {
      expect(await read({ options: { report: "mrr" }, fields: ["mrr_new_business", "mrr_churn"], range: { start: "2025-01-06", end: "2025-01-07" } })).toEqual([{ mrr_new_business: 196, mrr_churn: -58 }]);
    },
  },
});
