import { expect } from "vitest";
import { FB_CATALOG_UNAUTHORIZED, startFacebookCatalogFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { facebookCatalogConnector } from "./connector.js";

behaviourSuite({
  connector: facebookCatalogConnector,
  start: startFacebookCatalogFake,
  dataPath: /^\/v26\.0\/\d+\/products$/,
  // The outlet catalog fits one page.
  read: { accounts: ["778"], fields: ["availability", "products", "in_stock"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: FB_CATALOG_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "777", name: "Main catalog (Signal Business)", timezone: "UTC", currency: "USD", status: "active" },
      { id: "778", name: "Outlet (Signal Business)", timezone: "UTC", currency: "USD", status: "active" },
      { id: "779", name: "Drafts (Signal Business)", timezone: "UTC", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ availability: "out of stock", products: 1, in_stock: 0 }, { availability: "in stock", products: 2, in_stock: 2 }]);
    expect(fake.server.requestsTo("/v26.0/778/products")[0].query.get("fields")).toBe("id,retailer_id,availability,condition,review_status,brand,visibility");
  },
  pagination: {
    // 150 products: 100 + 50 through paging.cursors.after.
    read: { accounts: ["777"], fields: ["review_status", "products"] },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { review_status: "approved", products: fake.products.filter((p) => p.review_status === "approved").length },
        { review_status: "rejected", products: fake.products.filter((p) => p.review_status === "rejected").length },
      ]);
    },
  },
  // A catalog snapshot has no dates; an empty catalog gives no rows.
  empty: { read: { accounts: ["779"] } },
});
