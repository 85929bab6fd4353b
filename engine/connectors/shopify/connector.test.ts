import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHOPIFY_FAKE_TOKEN, SHOPIFY_FAKE_VERSION, startShopifyFake, type ShopifyFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { memoryLogger } from "../../core/logger.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { createdAtQuery, shopDomain, shopifyConnector } from "./connector.js";
import { throttleWaitMs } from "./graphql.js";
import { ORDERS_PAGE_SIZE } from "./queries.js";

const credential = { type: "api-key" as const, key: SHOPIFY_FAKE_TOKEN, options: { shop: "signalpost-outfitters" } };
const shop: Account = { id: "signalpost-outfitters.myshopify.com", name: "Signalpost Outfitters", timezone: "America/New_York", currency: "USD" };

let fake: ShopifyFake;
beforeEach(async () => {
  fake = await startShopifyFake();
});
afterEach(async () => {
  await fake.close();
});

const ctx = (key = SHOPIFY_FAKE_TOKEN, log = memoryLogger()) =>
  createConnectorContext(shopifyConnector, {
    credential: { ...credential, key },
    baseUrl: fake.url,
    log,
    retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 10 },
  });

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(shopifyConnector.read(context, { accounts: [shop], fields: ["date", "orders", "total_sales"], range: { start: "2025-01-06", end: "2025-01-06" }, ...req }));

/** What the fake's data should give for a local day, computed independently of the connector. */
function expectedDay(day: string) {
  const inDay = fake.orders.filter((o) => !o.test && new Date(o.createdAt).toLocaleDateString("en-CA", { timeZone: "America/New_York" }) === day);
  return { orders: inDay.length, total: Math.round(inDay.reduce((s, o) => s + Number(o.totalPriceSet.shopMoney.amount), 0) * 100) / 100 };
}

describe("shopify connector", () => {
  it("normalises the shop option and builds the base URL on the shop's domain", () => {
    expect(shopDomain({ type: "api-key", key: "x", options: { shop: "https://My-Shop.myshopify.com/admin" } })).toBe("my-shop.myshopify.com");
    expect(shopDomain({ type: "api-key", key: "x", options: { shop: "my-shop" } })).toBe("my-shop.myshopify.com");
    expect(shopDomain({ type: "api-key", key: "x", options: { shop: "evil.com/x?y" } })).toBeUndefined();
    expect(shopDomain({ type: "api-key", key: "x", options: { shop: "bad shop!" } })).toBeUndefined();
    expect(shopifyConnector.baseUrlFor!({ type: "api-key", key: "x", options: { shop: "my-shop" } })).toBe("https://my-shop.myshopify.com");
  });

  it("checks the token on the versioned GraphQL path with X-Shopify-Access-Token and names the shop", async () => {
    await expect(shopifyConnector.check(ctx())).resolves.toEqual({ ok: true, identity: "Signalpost Outfitters (signalpost-outfitters.myshopify.com)" });
    const [request] = fake.graphqlRequests();
    expect(fake.server.requests[0].path).toBe("/admin/api/2026-10/graphql.json");
    expect(request.headers["x-shopify-access-token"]).toBe(SHOPIFY_FAKE_TOKEN);
    expect(request.headers.authorization).toBeUndefined();
  });

  it("lists the shop as the one account with its timezone and currency", async () => {
    expect(await shopifyConnector.listAccounts(ctx())).toEqual([{ ...shop, status: "active" }]);
  });

  it("refuses to run without a shop", async () => {
    const noShop = createConnectorContext(shopifyConnector, { credential: { type: "api-key", key: "shpat_x" } });
    await expect(shopifyConnector.check(noShop)).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("shop") });
  });

  it("reads one page: orders of a day in the shop's timezone, test orders left out", async () => {
    const rows = await read({});
    const want = expectedDay("2025-01-06");
    expect(want.orders).toBeGreaterThan(0);
    expect(rows).toEqual([{ date: "2025-01-06", orders: want.orders, total_sales: want.total }]);
    const [request] = fake.graphqlRequests();
    expect(request.variables.query).toBe(createdAtQuery({ start: "2025-01-06", end: "2025-01-06" }, "America/New_York"));
    expect(request.variables.query).toBe("created_at:>='2025-01-06T00:00:00-05:00' AND created_at:<'2025-01-07T00:00:00-05:00'");
    expect(fake.graphqlRequests()).toHaveLength(1);
  });

  it("leaves a money field Shopify left out null, not 0", async () => {
    for (const order of fake.orders) (order as { totalShippingPriceSet: unknown }).totalShippingPriceSet = null;
    const want = expectedDay("2025-01-06");
    expect(await read({ fields: ["date", "orders", "shipping", "total_sales"] })).toEqual([{ date: "2025-01-06", orders: want.orders, shipping: null, total_sales: want.total }]);
  });

  it("follows endCursor over several pages and rolls orders up by day", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["date", "orders", "total_sales", "refunds", "average_order_value"] });
    const requests = fake.graphqlRequests();
    const inRange = fake.orders.length;
    expect(requests.length).toBe(Math.ceil(inRange / ORDERS_PAGE_SIZE));
    expect(requests[0].variables.after).toBeUndefined();
    expect(requests[1].variables.after).toEqual(expect.any(String));
    expect(rows).toHaveLength(31);
    const jan20 = rows.find((r) => r.date === "2025-01-20")!;
    const want = expectedDay("2025-01-20");
    expect(jan20.orders).toBe(want.orders);
    expect(jan20.total_sales).toBeCloseTo(want.total, 2);
    expect(jan20.average_order_value).toBeCloseTo(want.total / want.orders, 2);
    expect(rows.reduce((s, r) => s + Number(r.orders), 0)).toBe(fake.orders.filter((o) => !o.test).length);
  });

  it("applies dimension filters to orders before rolling up", async () => {
    const all = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["orders"] });
    const pos = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["orders"], filters: [{ field: "source_name", type: "equals", value: "pos" }] });
    const want = fake.orders.filter((o) => !o.test && o.sourceName === "pos").length;
    expect(want).toBeGreaterThan(0);
    expect(pos).toEqual([{ orders: want }]);
    expect(Number(all[0].orders)).toBeGreaterThan(want);
  });

  it("returns no rows for a range without orders", async () => {
    expect(await read({ range: { start: "2024-06-01", end: "2024-06-03" } })).toEqual([]);
  });

  it("groups by hour for hourly reads", async () => {
    const rows = await read({ fields: ["date", "hour", "orders"], granularity: "hour" });
    const hours = fake.orders
      .filter((o) => !o.test && new Date(o.createdAt).toLocaleDateString("en-CA", { timeZone: "America/New_York" }) === "2025-01-06")
      .map((o) => Number(new Date(o.createdAt).toLocaleString("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" })));
    expect(hours.length).toBeGreaterThan(1);
    expect(rows).toEqual(hours.map((hour) => ({ date: "2025-01-06", hour, orders: 1 })));
  });

  it("reads product lines, fetching the rest of a large order's line items", async () => {
    const big = fake.orders.find((o) => o.name === "#1010")!;
    const day = new Date(big.createdAt).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const rows = await read({
      range: { start: day, end: day },
      fields: ["order_name", "product_title", "quantity", "gross_sales"],
      options: { report: "products" },
    });
    const bigLines = rows.filter((r) => r.order_name === "#1010");
    expect(bigLines.reduce((s, r) => s + Number(r.quantity), 0)).toBe(60);
    const followUps = fake.graphqlRequests().filter((r) => r.query.includes("SignalpostMoreLineItems"));
    expect(followUps).toHaveLength(1);
    expect(followUps[0].variables.id).toBe(big.id);
  });

  it("maps a bad token (401) to a config error asking to reconnect", async () => {
    const error = await shopifyConnector.check(ctx("shpat_wrong_token_123456")).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "config", status: 401 });
    expect(error.message).toMatch(/Reconnect/);
  });

  it("maps ACCESS_DENIED inside a 200 to a config error naming the missing scope", async () => {
    fake.failNext("accessDenied");
    const error = await read({}).catch((e) => e);
    expect(error).toMatchObject({ kind: "config", message: expect.stringContaining("read_orders") });
  });

  it("fails check when the app lacks read_orders", async () => {
    await fake.close();
    fake = await startShopifyFake({ scopes: ["read_products"] });
    await expect(shopifyConnector.check(ctx())).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("read_orders") });
  });

  it("waits out a THROTTLED answer for the computed refill time, then succeeds", async () => {
    expect(throttleWaitMs(752, { maximumAvailable: 1000, currentlyAvailable: 742, restoreRate: 100 })).toBe(100);
    expect(throttleWaitMs(500, { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 50 })).toBe(10_000);
    expect(throttleWaitMs(10, { maximumAvailable: 1000, currentlyAvailable: 900, restoreRate: 50 })).toBe(0);
    fake.failNext("throttled");
    const log = memoryLogger();
    const started = Date.now();
    const rows = await read({}, ctx(SHOPIFY_FAKE_TOKEN, log));
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(rows[0].orders).toBe(expectedDay("2025-01-06").orders);
    expect(fake.graphqlRequests()).toHaveLength(2);
    expect(log.lines.some((l) => l.message === "shopify throttled, waiting" && l.data?.waitMs === 100)).toBe(true);
  });

  it("gives up on persistent throttling with a transient error carrying the wait", async () => {
    for (let i = 0; i < 6; i++) fake.failNext("throttled");
    const error = await read({}).catch((e) => e);
    expect(error).toMatchObject({ kind: "transient", retryAfterMs: 100, message: expect.stringContaining("retrying at") });
  });

  it("retries an HTTP 429 after Retry-After, then succeeds", async () => {
    fake.failNext("rateLimited", { retryAfterSeconds: 1 });
    const started = Date.now();
    const rows = await read({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(rows[0].orders).toBe(expectedDay("2025-01-06").orders);
    expect(fake.graphqlRequests()).toHaveLength(2);
  });

  it("retries a 5xx, then succeeds", async () => {
    fake.failNext("serverError");
    const rows = await read({});
    expect(rows[0].orders).toBe(expectedDay("2025-01-06").orders);
    expect(fake.graphqlRequests()).toHaveLength(2);
  });

  it("maps a frozen shop (402) to a config error", async () => {
    fake.failNext("paymentRequired");
    await expect(read({})).rejects.toMatchObject({ kind: "config", status: 402 });
  });

  // Decision 0940: an answer the schema refuses is the client's system error naming the platform,
  // never a TypeError deep in a row or quietly wrong rows.
  it("reports an orders answer that is not what the schema expects as a system error naming Shopify, with no rows", async () => {
    fake.server.once("POST", `/admin/api/${SHOPIFY_FAKE_VERSION}/graphql.json`, { json: { data: { orders: { edges: "not a list", pageInfo: null } } } });
    const error = await read({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "system", message: expect.stringMatching(/^shopify answered with an unexpected payload/) });
  });
});
