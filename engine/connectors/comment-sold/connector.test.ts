import { expect } from "vitest";
import { COMMENT_SOLD_UNAUTHORIZED, startCommentSoldFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { commentSoldConnector } from "./connector.js";

const day = "2025-01-06";

behaviourSuite({
  connector: commentSoldConnector,
  start: startCommentSoldFake,
  dataPath: "/api/2.0/boutique-42/orders",
  read: { fields: ["date", "source", "orders", "revenue"], range: { start: day, end: day } },
  unauthorized: COMMENT_SOLD_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "boutique-42", name: "Boutique 42", timezone: "America/Chicago", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const mine = fake.orders.filter((o) => o.created_at >= "2025-01-06T06:00:00Z" && o.created_at < "2025-01-07T06:00:00Z");
    const sum = (source: string) => mine.filter((o) => o.source === source).reduce((s, o) => s + o.total, 0);
    expect(rows).toEqual([
      { date: day, source: "webstore", orders: 3, revenue: sum("webstore") },
      { date: day, source: "live_sale", orders: 2, revenue: sum("live_sale") },
    ]);
    const [request] = fake.server.requestsTo("/api/2.0/boutique-42/orders");
    expect([request.query.get("start_date"), request.query.get("end_date")]).toEqual(["2025-01-06T06:00:00Z", "2025-01-07T06:00:00Z"]);
    expect(request.headers.authorization).toBe("Bearer cs_live_token_0123456789abcdef");
  },
  pagination: {
    // 155 orders in January, 100 a page.
    read: { fields: ["status", "orders"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { status: "paid", orders: fake.orders.filter((o) => o.status === "paid").length },
        { status: "cancelled", orders: fake.orders.filter((o) => o.status === "cancelled").length },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads product lines in order items": async ({ read }) => {
      expect(await read({ options: { report: "order_items" }, fields: ["sku", "quantity"] })).toEqual([{ sku: "TOP-S", quantity: 10 }]);
    },
  },
});
