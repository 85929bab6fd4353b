import { expect, it } from "vitest";
import { DateTime } from "luxon";
import { AMAZON_SELLER_UNAUTHORIZED, startAmazonSellerFake, US } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { AMAZON_SELLER_MARKETPLACES } from "../../catalogue/amazon-marketplaces.js";
import { amazonSellerConnector } from "./connector.js";
import { MARKETPLACES } from "./marketplaces.js";

const laDay = (iso: string) => DateTime.fromISO(iso).setZone("America/Los_Angeles").toFormat("yyyy-MM-dd");

behaviourSuite({
  connector: amazonSellerConnector,
  start: startAmazonSellerFake,
  dataPath: "/orders/v0/orders",
  read: { accounts: [US], fields: ["date", "orders", "revenue", "items_ordered"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: AMAZON_SELLER_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: US, name: "Amazon.com (United States)", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "A2EUQ1WTGCTBG2", name: "Amazon.ca (Canada)", timezone: "America/Los_Angeles", currency: "CAD", status: "active" },
      { id: "A1AM78C64UM0Y8", name: "Amazon.com.mx (Mexico)", timezone: "America/Mexico_City", currency: "MXN", status: "suspended listings" },
    ]);
  },
  singlePage(rows, fake) {
    const day = fake.orders.filter((o) => o.MarketplaceId === US && laDay(o.PurchaseDate) === "2025-01-06");
    expect(rows).toEqual([{ date: "2025-01-06", orders: 8, revenue: Math.round(day.reduce((s, o) => s + Number(o.OrderTotal.Amount), 0) * 1e6) / 1e6, items_ordered: day.filter((o) => o.OrderStatus !== "Canceled").length }]);
    const [request] = fake.server.requestsTo("/orders/v0/orders");
    expect([request.query.get("MarketplaceIds"), request.query.get("CreatedAfter"), request.query.get("CreatedBefore")]).toEqual([US, "2025-01-06T08:00:00Z", "2025-01-07T08:00:00Z"]);
    expect(request.headers["x-amz-access-token"]).toBe("Atza|sp-access-0123456789");
  },
  pagination: {
    // 248 US orders in January: 100 + 100 + 48 through NextToken (alone with MarketplaceIds).
    read: { accounts: [US], fields: ["status", "orders"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 3,
    check(rows, fake) {
      const us = fake.orders.filter((o) => o.MarketplaceId === US && laDay(o.PurchaseDate) <= "2025-01-31");
      expect(rows).toEqual([
        { status: "Canceled", orders: us.filter((o) => o.OrderStatus === "Canceled").length },
        { status: "Shipped", orders: us.filter((o) => o.OrderStatus === "Shipped").length },
      ]);
    },
  },
  empty: { read: { accounts: [US], range: { start: "2024-03-01", end: "2024-03-02" } } },
});

it("knows the id, region and zone of each of the form's 22 marketplaces", () => {
  expect(MARKETPLACES).toHaveLength(22);
  expect(MARKETPLACES.map((m) => m.sellerCentral)).toEqual(AMAZON_SELLER_MARKETPLACES.map((m) => m.url));
  expect(new Set(MARKETPLACES.map((m) => m.id)).size).toBe(22);
  expect(MARKETPLACES.filter((m) => m.region === "fe").map((m) => m.country)).toEqual(["Singapore", "Australia", "Japan"]);
});

it("sends the seller to the consent page of the marketplace chosen in the form", () => {
  expect(amazonSellerConnector.oauth2AuthorizeUrlFor?.({ url: "https://sellercentral.amazon.co.uk" })).toBe("https://sellercentral.amazon.co.uk/apps/authorize/consent");
  expect(amazonSellerConnector.oauth2AuthorizeUrlFor?.({ url: "https://sellercentral.amazon.co.jp/" })).toBe("https://sellercentral.amazon.co.jp/apps/authorize/consent");
  expect(amazonSellerConnector.oauth2AuthorizeUrlFor?.({ url: "https://evil.example" })).toBeUndefined();
});
