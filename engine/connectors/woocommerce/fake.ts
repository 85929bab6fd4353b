// A local WooCommerce store: the WordPress REST index (/wp-json/), /wp-json/wc/v3/orders with
// page/per_page and X-WP-Total / X-WP-TotalPages headers, after/before read in store time,
// /wc/v3/reports/sales and /wc/v3/data/currencies/current, HTTP Basic consumer key/secret, and
// WooCommerce's error body {code, message, data: {status}}. Failures are scriptable per request.
import { DateTime } from "luxon";
import { startFakeServer, type FakeReply, type FakeServer } from "../../../tests/fakes/support/fake-server.js";

export const WOO_FAKE_KEY = "ck_fake_4f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c";
export const WOO_FAKE_SECRET = "cs_fake_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b";
export const WOO_FAKE_TIMEZONE = "Europe/Paris";

export type WooFailure = "unauthorized" | "cannotView" | "rateLimited" | "serverError" | "noRoute";

export interface FakeWooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created: string;
  date_created_gmt: string;
  discount_total: string;
  shipping_total: string;
  total: string;
  total_tax: string;
  customer_id: number;
  payment_method_title: string;
  created_via: string;
  billing: { country: string };
  line_items: { id: number; product_id: number; variation_id: number; name: string; sku: string; quantity: number; subtotal: string; total: string }[];
  refunds: { id: number; reason: string; total: string }[];
  coupon_lines: { id: number; code: string }[];
}

export interface WooFake {
  server: FakeServer;
  url: string;
  orders: FakeWooOrder[];
  failNext(failure: WooFailure, opts?: { path?: string; retryAfterSeconds?: number }): void;
  close(): Promise<void>;
}

const PRODUCTS = [
  { id: 31, name: "Espresso Beans 1kg", sku: "BEAN-1K", price: 24 },
  { id: 32, name: "Ceramic Cup", sku: "CUP-01", price: 9.5 },
  { id: 33, name: "Grinder", sku: "GRD-02", price: 89 },
];

const fixed = (n: number) => n.toFixed(2);

/** Day i of January 2025 has (i % 4) + 1 orders at 08:30, 12:30, 18:30, 21:30 Paris time; every 6th is refunded, every 11th failed, every 4th a guest. */
export function buildWooOrders(from = "2025-01-01", days = 31): FakeWooOrder[] {
  const orders: FakeWooOrder[] = [];
  const hours = [8, 12, 18, 21];
  let n = 0;
  for (let d = 0; d < days; d++) {
    const day = DateTime.fromISO(from, { zone: WOO_FAKE_TIMEZONE }).plus({ days: d });
    for (let k = 0; k < (d % 4) + 1; k++) {
      n += 1;
      const at = day.set({ hour: hours[k], minute: 30 });
      const p = PRODUCTS[n % PRODUCTS.length];
      const q = 1 + (n % 3);
      const subtotal = p.price * q;
      const discount = n % 5 === 0 ? 5 : 0;
      const shipping = 4.9;
      const tax = Math.round((subtotal - discount + shipping) * 0.2 * 100) / 100;
      const total = subtotal - discount + shipping + tax;
      const refunded = n % 6 === 0;
      orders.push({
        id: 900 + n,
        number: String(900 + n),
        status: refunded ? "refunded" : n % 11 === 0 ? "failed" : n % 2 ? "completed" : "processing",
        currency: "EUR",
        date_created: at.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
        date_created_gmt: at.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
        discount_total: fixed(discount),
        shipping_total: fixed(shipping),
        total: fixed(total),
        total_tax: fixed(tax),
        customer_id: n % 4 === 0 ? 0 : 40 + (n % 9),
        payment_method_title: n % 3 ? "Credit Card (Stripe)" : "PayPal",
        created_via: "checkout",
        billing: { country: n % 2 ? "FR" : "BE" },
        line_items: [{ id: n * 10, product_id: p.id, variation_id: 0, name: p.name, sku: p.sku, quantity: q, subtotal: fixed(subtotal), total: fixed(subtotal - discount) }],
        refunds: refunded ? [{ id: 5000 + n, reason: "Damaged", total: `-${fixed(total)}` }] : [],
        coupon_lines: discount ? [{ id: n, code: "welcome5" }] : [],
      });
    }
  }
  return orders;
}

const error = (status: number, code: string, message: string): FakeReply => ({ status, json: { code, message, data: { status } } });

export async function startWooFake(options: { key?: string; secret?: string; orders?: FakeWooOrder[]; timezoneString?: string } = {}): Promise<WooFake> {
  const server = await startFakeServer();
  const key = options.key ?? WOO_FAKE_KEY;
  const secret = options.secret ?? WOO_FAKE_SECRET;
  const orders = options.orders ?? buildWooOrders();
  const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

  const authorized = (header: string | undefined): FakeReply | undefined => {
    if (!header) return error(401, "woocommerce_rest_cannot_view", "Sorry, you cannot list resources.");
    if (header !== expected) return error(401, "woocommerce_rest_authentication_error", "Consumer key is invalid.");
    return undefined;
  };

  server.route("GET", "/wp-json/", () => ({
    json: {
      name: "Café Signal",
      description: "Coffee gear",
      url: server.url,
      home: server.url,
      gmt_offset: 1,
      timezone_string: options.timezoneString ?? WOO_FAKE_TIMEZONE,
      namespaces: ["wp/v2", "wc/v3"],
    },
  }));

  server.route("GET", "/wp-json/wc/v3/data/currencies/current", (req) => authorized(req.headers.authorization) ?? { json: { code: "EUR", name: "Euro", symbol: "&euro;" } });

  server.route("GET", "/wp-json/wc/v3/orders", (req) => {
    const denied = authorized(req.headers.authorization);
    if (denied) return denied;
    const perPage = Number(req.query.get("per_page") ?? 10);
    const page = Number(req.query.get("page") ?? 1);
    if (perPage > 100) return error(400, "rest_invalid_param", "Invalid parameter(s): per_page");
    const after = req.query.get("after");
    const before = req.query.get("before");
    // status is a list (comma-separated on the wire); "any" or absent means every status.
    const statuses = (req.query.get("status") ?? "any").split(",");
    const matching = orders
      .filter((o) => statuses.includes("any") || statuses.includes(o.status))
      .filter((o) => (!after || o.date_created > after) && (!before || o.date_created < before))
      .sort((a, b) => a.date_created.localeCompare(b.date_created));
    const totalPages = Math.ceil(matching.length / perPage);
    if (page > Math.max(totalPages, 1)) return error(400, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available.");
    return {
      headers: { "x-wp-total": String(matching.length), "x-wp-totalpages": String(totalPages) },
      json: matching.slice((page - 1) * perPage, page * perPage),
    };
  });

  server.route("GET", "/wp-json/wc/v3/reports/sales", (req) => {
    const denied = authorized(req.headers.authorization);
    if (denied) return denied;
    const min = req.query.get("date_min") ?? "";
    const max = req.query.get("date_max") ?? "";
    const totals: Record<string, object> = {};
    for (let day = DateTime.fromISO(min); day.toISODate()! <= max; day = day.plus({ days: 1 })) {
      const date = day.toISODate()!;
      // The legacy report counts paid statuses only (processing, completed, on-hold, refunded).
      const of = orders.filter((o) => o.date_created.startsWith(date));
      totals[date] = {
        sales: fixed(of.reduce((s, o) => s + Number(o.total), 0)),
        orders: of.length,
        items: of.reduce((s, o) => s + o.line_items.reduce((t, l) => t + l.quantity, 0), 0),
        tax: fixed(of.reduce((s, o) => s + Number(o.total_tax), 0)),
        shipping: fixed(of.reduce((s, o) => s + Number(o.shipping_total), 0)),
        discount: fixed(of.reduce((s, o) => s + Number(o.discount_total), 0)),
        customers: 0,
      };
    }
    return { json: [{ total_sales: "0.00", net_sales: "0.00", total_orders: 0, totals_grouped_by: "day", totals }] };
  });

  const failures: Record<WooFailure, (retryAfter: number) => FakeReply> = {
    unauthorized: () => error(401, "woocommerce_rest_authentication_error", "Invalid signature - provided signature does not match."),
    cannotView: () => error(401, "woocommerce_rest_cannot_view", "Sorry, you cannot list resources."),
    rateLimited: (retryAfter) => ({ ...error(429, "too_many_requests", "Too many requests."), headers: { "retry-after": String(retryAfter) } }),
    serverError: () => error(500, "internal_server_error", "There has been a critical error on this website."),
    noRoute: () => error(404, "rest_no_route", "No route was found matching the URL and request method."),
  };

  return {
    server,
    url: server.url,
    orders,
    failNext(failure, opts = {}) {
      server.once("GET", opts.path ?? "/wp-json/wc/v3/orders", failures[failure](opts.retryAfterSeconds ?? 1));
    },
    close: () => server.close(),
  };
}
