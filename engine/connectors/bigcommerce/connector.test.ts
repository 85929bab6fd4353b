import { expect } from "vitest";
import { BIGCOMMERCE_RATE_LIMITED, BIGCOMMERCE_TOKEN, BIGCOMMERCE_UNAUTHORIZED, startBigcommerceFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { bigcommerceConnector } from "./connector.js";

const day = "2025-01-06";

behaviourSuite({
  connector: bigcommerceConnector,
  start: startBigcommerceFake,
  dataPath: "/stores/abc123xyz/v2/orders",
  read: { fields: ["date", "orders", "revenue", "refunded"], range: { start: day, end: day } },
  unauthorized: BIGCOMMERCE_UNAUTHORIZED,
  // BigCommerce says when to come back in X-Rate-Limit-Time-Reset-Ms, not Retry-After.
  rateLimited: BIGCOMMERCE_RATE_LIMITED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "abc123xyz", name: "Signal Goods", timezone: "America/Chicago", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    // All 10 orders of the Chicago day, including the two already on the next UTC day.
    const mine = fake.orders.filter((o) => o.created.toFormat("yyyy-MM-dd") === day);
    const sum = (f: (o: (typeof mine)[number]) => string) => Math.round(mine.reduce((s, o) => s + Number(f(o)), 0) * 1e6) / 1e6;
    expect(rows).toEqual([{ date: day, orders: 10, revenue: sum((o) => o.total_inc_tax), refunded: sum((o) => o.refunded_amount) }]);
    const [request] = fake.server.requestsTo("/stores/abc123xyz/v2/orders");
    expect(request.query.get("min_date_created")).toBe("2025-01-06T00:00:00-06:00");
    expect(request.query.get("max_date_created")).toBe("2025-01-06T23:59:59-06:00");
    expect(request.headers["x-auth-token"]).toBe(BIGCOMMERCE_TOKEN);
  },
  pagination: {
    // 310 orders in January: 250 + 60.
    read: { fields: ["status", "orders"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { status: "Shipped", orders: fake.orders.filter((o) => o.status === "Shipped").length },
        { status: "Refunded", orders: fake.orders.filter((o) => o.status === "Refunded").length },
      ]);
    },
  },
  // An empty page is 204 No Content.
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});
