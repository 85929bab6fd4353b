import { expect } from "vitest";
import { PROFITWELL_TOKEN, PROFITWELL_UNAUTHORIZED, profitwellValue, startProfitwellFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { profitwellConnector } from "./connector.js";

behaviourSuite({
  connector: profitwellConnector,
  start: startProfitwellFake,
  dataPath: "/v2/metrics/daily/",
  read: { fields: ["date", "recurring_revenue", "new_customers"], range: { start: "2025-01-06", end: "2025-01-07" } },
  unauthorized: PROFITWELL_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "company", name: "Signal SaaS", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(["2025-01-06", "2025-01-07"].map((date) => ({ date, recurring_revenue: profitwellValue("recurring_revenue", date), new_customers: profitwellValue("new_customers", date) })));
    const [request] = fake.server.requestsTo("/v2/metrics/daily/");
    expect(Object.fromEntries(request.query)).toEqual({ month: "2025-01", metrics: "recurring_revenue,new_customers" });
    expect(request.headers.authorization).toBe(PROFITWELL_TOKEN);
  },
  pagination: {
    // One request per month the range touches.
    read: { fields: ["new_customers"], range: { start: "2024-12-20", end: "2025-02-10" } },
    pages: 3,
    check(rows) {
      const days = [...Array(12).keys()].map((i) => `2024-12-${20 + i}`).concat([...Array(31).keys()].map((i) => `2025-01-${String(i + 1).padStart(2, "0")}`), [...Array(10).keys()].map((i) => `2025-02-${String(i + 1).padStart(2, "0")}`));
      expect(rows).toEqual([{ new_customers: days.reduce((s, d) => s + profitwellValue("new_customers", d)!, 0) }]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});
