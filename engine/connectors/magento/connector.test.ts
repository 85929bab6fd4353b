import { expect, it } from "vitest";
import { MAGENTO_UNAUTHORIZED, startMagentoFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { oauthParams } from "../../../tests/fakes/support/oauth1-signature.js";
import { magentoConnector, magentoMessage } from "./connector.js";

const day = "2025-01-06";

behaviourSuite({
  connector: magentoConnector,
  start: startMagentoFake,
  dataPath: "/rest/V1/orders",
  read: { accounts: ["1"], fields: ["date", "orders", "revenue", "refunded", "average_order_value"], range: { start: day, end: day } },
  unauthorized: MAGENTO_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "1", name: "Signal Shop FR", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "2", name: "Signal Shop Pro", timezone: "Europe/Paris", currency: "EUR", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    // The 23:30 Paris order is 22:30 UTC the same day: the day is the store's, not UTC's.
    const mine = fake.orders.filter((o) => o.store_id === 1 && o.created_at >= "2025-01-05 23:00:00" && o.created_at < "2025-01-06 23:00:00");
    expect(mine).toHaveLength(4);
    const revenue = mine.reduce((s, o) => s + o.base_grand_total, 0);
    expect(rows).toEqual([{ date: day, orders: 4, revenue, refunded: mine.reduce((s, o) => s + o.base_total_refunded, 0), average_order_value: Math.round((revenue / 4) * 100) / 100 }]);
    const [request] = fake.server.requestsTo("/rest/V1/orders");
    expect(request.query.get("searchCriteria[filter_groups][0][filters][0][value]")).toBe("2025-01-05 23:00:00");
    expect(request.query.get("searchCriteria[filter_groups][1][filters][0][value]")).toBe("2025-01-06 23:00:00");
    expect(request.query.get("searchCriteria[filter_groups][2][filters][0][value]")).toBe("1");
    expect(oauthParams(request)).toMatchObject({ oauth_consumer_key: "mg-consumer-key-0001", oauth_token: "mg-access-token-0001", oauth_signature_method: "HMAC-SHA1" });
  },
  pagination: {
    // Store 1 over January: 124 orders, two pages of 100.
    read: { fields: ["status", "orders", "items_ordered"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      const count = (status: string) => fake.orders.filter((o) => o.store_id === 1 && o.status === status && o.created_at >= "2024-12-31 23:00:00" && o.created_at < "2025-01-31 23:00:00").length;
      const total = rows.reduce((s, r) => s + Number(r.orders), 0);
      expect(total).toBe(count("complete") + count("closed"));
      expect(rows.find((r) => r.status === "closed")?.orders).toBe(count("closed"));
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "stops on total_count although Magento repeats the last page": async ({ read, fake }) => {
      const rows = await read({ fields: ["orders"], range: { start: "2025-01-01", end: "2025-01-31" } });
      expect(rows).toEqual([{ orders: 124 }]);
      expect(fake.server.requestsTo("/rest/V1/orders").map((r) => r.query.get("searchCriteria[currentPage]"))).toEqual(["1", "2"]);
    },
    "keeps the parent line of configurable products in order items": async ({ read }) => {
      const rows = await read({ options: { report: "order_items" }, fields: ["sku", "quantity"] });
      expect(rows).toEqual([{ sku: "MUG-1", quantity: 4 }, { sku: "TEA-1", quantity: 4 }]);
    },
    "names the missing ACL resource of a 403": async ({ read, fake }) => {
      fake.server.once("GET", "/rest/V1/orders", { status: 403, json: { message: "The consumer isn't authorized to access %resources.", parameters: { resources: "Magento_Sales::sales" } } });
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Magento_Sales::sales") });
    },
  },
});

it("fills Magento message placeholders by name and by position", () => {
  expect(magentoMessage({ message: "Maximum SearchCriteria pageSize is %1", parameters: ["300"] })).toBe("Maximum SearchCriteria pageSize is 300");
  expect(magentoMessage({ message: "No such entity with %fieldName = %fieldValue", parameters: { fieldName: "id", fieldValue: "7" } })).toBe("No such entity with id = 7");
});
