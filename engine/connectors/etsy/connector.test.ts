import { expect } from "vitest";
import { ETSY_APP, ETSY_UNAUTHORIZED, startEtsyFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { etsyConnector } from "./connector.js";

const jan6 = Date.UTC(2025, 0, 6) / 1000;

behaviourSuite({
  connector: etsyConnector,
  start: startEtsyFake,
  dataPath: "/v3/application/shops/424242/receipts",
  read: { fields: ["date", "orders", "revenue", "items_ordered"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: ETSY_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "424242", name: "SignalCrafts", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = fake.receipts.filter((r) => r.created_timestamp >= jan6 && r.created_timestamp < jan6 + 86400);
    expect(rows).toEqual([{ date: "2025-01-06", orders: day.length, revenue: day.reduce((s, r) => s + r.grandtotal.amount / 100, 0), items_ordered: day.length * 2 }]);
    const [request] = fake.server.requestsTo("/v3/application/shops/424242/receipts");
    expect([request.query.get("min_created"), request.query.get("max_created"), request.headers["x-api-key"]]).toEqual([String(jan6), String(jan6 + 86399), ETSY_APP.clientId]);
  },
  pagination: {
    read: { fields: ["status", "orders"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { status: "Completed", orders: fake.receipts.filter((r) => r.status === "Completed").length },
        { status: "Paid", orders: fake.receipts.filter((r) => r.status === "Paid").length },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads the listings sold": async ({ read }) => {
      expect(await read({ options: { report: "order_items" }, fields: ["sku", "quantity"] })).toEqual([{ sku: "MUG", quantity: 10 }]);
    },
  },
});
