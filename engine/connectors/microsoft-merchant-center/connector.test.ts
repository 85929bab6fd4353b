import { expect } from "vitest";
import { MMC_APP, MMC_UNAUTHORIZED, startMmcFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { microsoftMerchantCenterConnector } from "./connector.js";

behaviourSuite({
  connector: microsoftMerchantCenterConnector,
  start: startMmcFake,
  dataPath: /^\/shopping\/v9\.1\/bmc\/\d+\/products$/,
  read: { accounts: ["3002"], fields: ["availability", "products", "in_stock"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: MMC_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts.map((a) => [a.id, a.name, a.status])).toEqual([
      ["3001", "Store 3001", "active"],
      ["3002", "Store 3002", "active"],
      ["3003", "Store 3003", "active"],
    ]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ availability: "out of stock", products: 1, in_stock: 0 }, { availability: "in stock", products: 3, in_stock: 3 }]);
    const [request] = fake.server.requestsTo("/shopping/v9.1/bmc/3002/products");
    expect([request.headers.authenticationtoken, request.headers.developertoken]).toEqual(["EwB-mmc-access-0123456789", MMC_APP.extra.developerToken]);
  },
  pagination: {
    read: { accounts: ["3001"], fields: ["brand", "products"] },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { brand: "Post", products: fake.offers.filter((o) => o.brand === "Post").length },
        { brand: "Signal", products: fake.offers.filter((o) => o.brand === "Signal").length },
      ]);
    },
  },
  empty: { read: { accounts: ["3003"] } },
});
