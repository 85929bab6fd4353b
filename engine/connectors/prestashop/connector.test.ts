import { expect } from "vitest";
import { PRESTASHOP_KEY, PRESTASHOP_UNAUTHORIZED, startPrestashopFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { prestashopConnector } from "./connector.js";

const day = "2025-01-06";
const round = (n: number) => Math.round(n * 100) / 100;

behaviourSuite({
  connector: prestashopConnector,
  start: startPrestashopFake,
  dataPath: "/api/orders",
  read: { fields: ["date", "orders", "revenue", "shipping"], range: { start: day, end: day } },
  unauthorized: PRESTASHOP_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "shop", name: "Boutique Signal", timezone: "Europe/Paris", currency: "EUR", status: "active" }]);
  },
  singlePage(rows, fake) {
    const mine = fake.orders.filter((o) => o.date_add.startsWith(day));
    // Orders paid in USD count in EUR through their conversion_rate.
    const revenue = mine.reduce((s, o) => s + round(Number(o.total_paid_tax_incl) / Number(o.conversion_rate)), 0);
    expect(rows).toEqual([{ date: day, orders: 4, revenue: round(revenue), shipping: 20 }]);
    const [request] = fake.server.requestsTo("/api/orders");
    expect(request.query.get("filter[date_add]")).toBe(`[${day} 00:00:00,${day} 23:59:59]`);
    expect(request.query.get("limit")).toBe("0,100");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${PRESTASHOP_KEY}:`).toString("base64")}`);
  },
  pagination: {
    read: { fields: ["valid", "orders"], range: { start: "2025-01-01", end: "2025-01-31" } },
    // 124 orders: 100 + 24 (a short page ends the list).
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { valid: true, orders: fake.orders.filter((o) => o.valid === "1").length },
        { valid: false, orders: fake.orders.filter((o) => o.valid === "0").length },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads product lines in order items": async ({ read }) => {
      expect(await read({ options: { report: "order_items" }, fields: ["sku", "quantity"] })).toEqual([{ sku: "CAFE-250", quantity: 8 }]);
    },
  },
});
