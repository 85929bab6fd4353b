import { expect } from "vitest";
import { CHARGEBEE_UNAUTHORIZED, startChargebeeFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { chargebeeConnector } from "./connector.js";

const day = "2025-01-06";
const jan6 = Date.UTC(2025, 0, 6) / 1000;

behaviourSuite({
  connector: chargebeeConnector,
  start: startChargebeeFake,
  dataPath: /^\/api\/v2\/(invoices|subscriptions)$/,
  // listAccounts reads the latest invoice (limit=1, no date filter) for the site's currency.
  isDataRequest: (r) => r.query.get("limit") !== "1",
  read: { fields: ["date", "invoices", "total", "amount_due"], range: { start: day, end: day } },
  unauthorized: CHARGEBEE_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "signal-test", name: "signal-test", timezone: "UTC", currency: "EUR", status: "active" }]);
  },
  singlePage(rows, fake) {
    const mine = fake.invoices.filter((i) => i.date >= jan6 && i.date < jan6 + 86400);
    expect(rows).toEqual([{ date: day, invoices: 6, total: mine.reduce((s, i) => s + i.total, 0) / 100, amount_due: mine.reduce((s, i) => s + i.amount_due, 0) / 100 }]);
    const request = fake.server.requestsTo("/api/v2/invoices").find((r) => r.query.get("date[between]"))!;
    expect(request.query.get("date[between]")).toBe(`[${jan6},${jan6 + 86399}]`);
    expect(request.query.get("sort_by[asc]")).toBe("date");
  },
  pagination: {
    // 186 invoices: 100 + 86, the second asked with the first answer's next_offset.
    read: { fields: ["status", "invoices"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { status: "paid", invoices: fake.invoices.filter((i) => i.status === "paid").length },
        { status: "payment_due", invoices: fake.invoices.filter((i) => i.status === "payment_due").length },
      ]);
      const second = fake.server.requestsTo("/api/v2/invoices").filter((r) => r.query.get("date[between]"))[1];
      expect(JSON.parse(second.query.get("offset")!)).toEqual([String(fake.invoices[99].date), "inv_1099"]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads subscriptions with their MRR": async ({ read }) => {
      expect(await read({ options: { report: "subscriptions" }, fields: ["status", "subscriptions", "mrr"], range: { start: day, end: day } })).toEqual([
        { status: "active", subscriptions: 2, mrr: 98 },
      ]);
    },
  },
});
