import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWooFake, WOO_FAKE_KEY, WOO_FAKE_SECRET, type WooFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { orderDateParams, storeBaseUrl, storeTimezone, wooCommerceConnector } from "./connector.js";

let fake: WooFake;
beforeEach(async () => {
  fake = await startWooFake();
});
afterEach(async () => {
  await fake.close();
});

const ctx = (secret = WOO_FAKE_SECRET) =>
  createConnectorContext(wooCommerceConnector, {
    credential: { type: "api-key", key: WOO_FAKE_KEY, secret, options: { storeUrl: "https://cafe-signal.example" } },
    baseUrl: fake.url,
    retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 10 },
  });

const store = (): Account => ({ id: new URL(fake.url).host, name: "Café Signal", timezone: "Europe/Paris", currency: "EUR" });

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(wooCommerceConnector.read(context, { accounts: [store()], fields: ["date", "orders", "total_sales"], range: { start: "2025-01-06", end: "2025-01-06" }, ...req }));

const PAID = ["processing", "on-hold", "completed", "refunded"];
const ordersOn = (day: string) => fake.orders.filter((o) => o.date_created.startsWith(day) && PAID.includes(o.status));
const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;
const orderRequests = () => fake.server.requestsTo("/wp-json/wc/v3/orders", "GET");

describe("woocommerce connector", () => {
  it("accepts only https store URLs, keeping a subfolder path", () => {
    const cred = (storeUrl: string) => ({ type: "api-key" as const, key: "ck", options: { storeUrl } });
    expect(storeBaseUrl(cred("https://shop.example.com/"))).toBe("https://shop.example.com");
    expect(storeBaseUrl(cred("shop.example.com/blog/wp-json"))).toBe("https://shop.example.com/blog");
    expect(storeBaseUrl(cred("http://shop.example.com"))).toBeUndefined();
    expect(wooCommerceConnector.baseUrlFor!(cred("https://shop.example.com"))).toBe("https://shop.example.com");
  });

  it("refuses plain-http stores with a config error that says why", async () => {
    const http = createConnectorContext(wooCommerceConnector, { credential: { type: "api-key", key: "ck", secret: "cs", options: { storeUrl: "http://shop.example.com" } } });
    await expect(wooCommerceConnector.check(http)).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("HTTPS") });
  });

  it("reads WordPress timezones given as names or bare offsets", () => {
    expect(storeTimezone({ name: "x", timezone_string: "Europe/Paris" })).toBe("Europe/Paris");
    expect(storeTimezone({ name: "x", timezone_string: "", gmt_offset: "5.5" })).toBe("UTC+5:30");
    expect(storeTimezone({ name: "x", timezone_string: "", gmt_offset: -3 })).toBe("UTC-3");
    expect(storeTimezone({ name: "x", timezone_string: "", gmt_offset: 0 })).toBe("UTC");
  });

  it("checks with HTTP Basic consumer key and secret and names the store", async () => {
    await expect(wooCommerceConnector.check(ctx())).resolves.toEqual({ ok: true, identity: "Café Signal" });
    const [request] = orderRequests();
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${WOO_FAKE_KEY}:${WOO_FAKE_SECRET}`).toString("base64")}`);
    expect(request.query.get("per_page")).toBe("1");
  });

  it("lists the store with its WordPress timezone and WooCommerce currency", async () => {
    expect(await wooCommerceConnector.listAccounts(ctx())).toEqual([{ ...store(), status: "active" }]);
  });

  it("reads one page of a day's orders with exclusive after/before in store time", async () => {
    const rows = await read({});
    const day = ordersOn("2025-01-06");
    expect(day.length).toBeGreaterThan(0);
    expect(rows).toEqual([{ date: "2025-01-06", orders: day.length, total_sales: sum(day.map((o) => Number(o.total))) }]);
    const [request] = orderRequests();
    expect(request.query.get("after")).toBe("2025-01-05T23:59:59");
    expect(request.query.get("before")).toBe("2025-01-07T00:00:00");
    expect(request.query.get("page")).toBe("1");
    expect(request.query.get("per_page")).toBe("100");
    expect(orderDateParams({ start: "2025-03-01", end: "2025-03-31" })).toEqual({ after: "2025-02-28T23:59:59", before: "2025-04-01T00:00:00" });
  });

  it("follows X-WP-TotalPages over several pages", async () => {
    await fake.close();
    const many = Array.from({ length: 250 }, (_, i) => ({ ...buildOne(i) }));
    fake = await startWooFake({ orders: many });
    const rows = await read({ range: { start: "2025-02-01", end: "2025-02-01" }, fields: ["orders", "items"] });
    expect(orderRequests().map((r) => r.query.get("page"))).toEqual(["1", "2", "3"]);
    expect(rows).toEqual([{ orders: 250, items: 250 }]);
  });

  it("counts paid statuses by default and the chosen ones when asked", async () => {
    const month = { start: "2025-01-01", end: "2025-01-31" };
    const failed = fake.orders.filter((o) => o.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(await read({ range: month, fields: ["orders"] })).toEqual([{ orders: fake.orders.length - failed.length }]);
    expect(orderRequests()[0].query.get("status")).toBe("processing,on-hold,completed,refunded");
    expect(await read({ range: month, fields: ["status", "orders"], options: { statuses: ["failed"] } })).toEqual([{ status: "failed", orders: failed.length }]);
    expect(await read({ range: month, fields: ["orders"], options: { statuses: "any" } })).toEqual([{ orders: fake.orders.length }]);
    expect(orderRequests().at(-1)!.query.get("status")).toBe("any");
    await expect(read({ options: { statuses: "unpaid" } })).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it("returns no rows for a range without orders", async () => {
    expect(await read({ range: { start: "2024-07-01", end: "2024-07-05" } })).toEqual([]);
  });

  it("sums refunds (negative in WooCommerce) and splits by hour", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["refunds", "net_total"] });
    const refunded = fake.orders.filter((o) => o.refunds.length > 0);
    expect(refunded.length).toBeGreaterThan(0);
    expect(rows[0].refunds).toBeCloseTo(sum(refunded.map((o) => Number(o.total))), 2);
    const hourly = await read({ fields: ["hour", "orders"], granularity: "hour" });
    expect(hourly).toEqual(ordersOn("2025-01-06").map((o) => ({ hour: Number(o.date_created.slice(11, 13)), orders: 1 })));
  });

  it("reads product lines", async () => {
    const rows = await read({ fields: ["sku", "quantity", "net_sales"], options: { report: "products" } });
    const lines = ordersOn("2025-01-06").flatMap((o) => o.line_items);
    expect(rows.reduce((s, r) => s + Number(r.quantity), 0)).toBe(lines.reduce((s, l) => s + l.quantity, 0));
    expect(rows.map((r) => r.sku).sort()).toEqual([...new Set(lines.map((l) => l.sku))].sort());
  });

  it("reads the daily sales report in 31-day slices", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-02-05" }, fields: ["date", "sales", "orders"], options: { report: "sales" } });
    const slices = fake.server.requestsTo("/wp-json/wc/v3/reports/sales").map((r) => [r.query.get("date_min"), r.query.get("date_max")]);
    expect(slices).toEqual([
      ["2025-01-01", "2025-01-31"],
      ["2025-02-01", "2025-02-05"],
    ]);
    expect(rows).toHaveLength(36);
    expect(rows.find((r) => r.date === "2025-01-06")).toEqual({ date: "2025-01-06", sales: sum(ordersOn("2025-01-06").map((o) => Number(o.total))), orders: ordersOn("2025-01-06").length });
    await expect(read({ options: { report: "sales" }, fields: ["date", "sales"], granularity: "hour" })).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it("maps a bad key (401 woocommerce_rest_authentication_error) to a config error", async () => {
    const error = await wooCommerceConnector.check(ctx("cs_wrong_secret_0000000000")).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "config", status: 401, message: expect.stringContaining("consumer key or secret") });
  });

  it("maps woocommerce_rest_cannot_view to a missing-permission config error", async () => {
    fake.failNext("cannotView");
    await expect(read({})).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Read permission") });
  });

  it("maps rest_no_route to a config error about the store URL", async () => {
    fake.failNext("noRoute");
    await expect(read({})).rejects.toMatchObject({ kind: "config", status: 404, message: expect.stringContaining("store URL") });
  });

  it("retries a 429 after Retry-After, then succeeds", async () => {
    fake.failNext("rateLimited", { retryAfterSeconds: 1 });
    const started = Date.now();
    const rows = await read({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(rows[0].orders).toBe(ordersOn("2025-01-06").length);
    expect(orderRequests()).toHaveLength(2);
  });

  it("retries a 500, then succeeds", async () => {
    fake.failNext("serverError");
    const rows = await read({});
    expect(rows[0].orders).toBe(ordersOn("2025-01-06").length);
    expect(orderRequests()).toHaveLength(2);
  });
});

function buildOne(i: number) {
  return {
    id: 10_000 + i,
    number: String(10_000 + i),
    status: "completed",
    currency: "EUR",
    date_created: `2025-02-01T${String(8 + (i % 12)).padStart(2, "0")}:00:00`,
    date_created_gmt: `2025-02-01T${String(7 + (i % 12)).padStart(2, "0")}:00:00`,
    discount_total: "0.00",
    shipping_total: "0.00",
    total: "10.00",
    total_tax: "0.00",
    customer_id: 1,
    payment_method_title: "PayPal",
    created_via: "checkout",
    billing: { country: "FR" },
    line_items: [{ id: i, product_id: 1, variation_id: 0, name: "Thing", sku: "T", quantity: 1, subtotal: "10.00", total: "10.00" }],
    refunds: [],
    coupon_lines: [],
  };
}
