// A local BigCommerce API: X-Auth-Token, /stores/{hash}/v2/store, /stores/{hash}/v2/orders with
// min/max_date_created (inclusive), sort, page/limit, RFC 2822 date_created, 204 No Content for
// an empty page, V2 error arrays [{status, message}] and 429 with X-Rate-Limit-Time-Reset-Ms.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const BIGCOMMERCE_TOKEN = "bc-token-0123456789abcdefghijklmn";
export const BIGCOMMERCE_HASH = "abc123xyz";
export const BIGCOMMERCE_CREDENTIAL = { type: "api-key" as const, key: BIGCOMMERCE_TOKEN, options: { storeHash: BIGCOMMERCE_HASH } };
export const BIGCOMMERCE_UNAUTHORIZED: FakeReply = { status: 401, json: [{ status: 401, message: "You have not been authenticated. Please provide valid credentials." }] };
export const BIGCOMMERCE_RATE_LIMITED: FakeReply = { status: 429, headers: { "x-rate-limit-time-reset-ms": "800", "x-rate-limit-requests-left": "0" }, json: { status: 429, title: "Too many requests" } };

const ZONE = "America/Chicago";

export interface FakeBcOrder {
  id: number;
  date_created: string;
  status: string;
  customer_id: number;
  total_inc_tax: string;
  total_tax: string;
  subtotal_ex_tax: string;
  shipping_cost_inc_tax: string;
  discount_amount: string;
  coupon_discount: string;
  refunded_amount: string;
  items_total: number;
  payment_method: string;
  currency_code: string;
  channel_id: number;
  created: DateTime;
}

/** 10 orders a day through January 2025, every 2 hours from 02:00 Chicago time (the 20:00 and 22:00 ones are the next day in UTC). */
export function buildBcOrders(): FakeBcOrder[] {
  const out: FakeBcOrder[] = [];
  let n = 0;
  for (let d = 0; d < 31; d++) {
    for (let k = 0; k < 10; k++) {
      n += 1;
      const created = DateTime.fromISO("2025-01-01", { zone: ZONE }).plus({ days: d }).set({ hour: 2 + k * 2 });
      const sub = 20 + (n % 6) * 5;
      out.push({
        id: 100 + n,
        date_created: created.toUTC().toRFC2822()!,
        created,
        status: n % 8 === 0 ? "Refunded" : "Shipped",
        customer_id: n % 11,
        total_inc_tax: (sub * 1.1 + 4).toFixed(4),
        total_tax: (sub * 0.1).toFixed(4),
        subtotal_ex_tax: sub.toFixed(4),
        shipping_cost_inc_tax: "4.0000",
        discount_amount: "0.0000",
        coupon_discount: "0.0000",
        refunded_amount: n % 8 === 0 ? (sub * 1.1 + 4).toFixed(4) : "0.0000",
        items_total: 1 + (n % 3),
        payment_method: "Credit Card",
        currency_code: "USD",
        channel_id: 1,
      });
    }
  }
  return out;
}

export interface BigcommerceFake extends PlatformFake {
  orders: FakeBcOrder[];
}

export async function startBigcommerceFake(): Promise<BigcommerceFake> {
  const server = await startFakeServer();
  const orders = buildBcOrders();
  const route = guardedRoutes(server, (req) => req.headers["x-auth-token"] === BIGCOMMERCE_TOKEN, () => BIGCOMMERCE_UNAUTHORIZED);
  const base = `/stores/${BIGCOMMERCE_HASH}`;
  route("GET", `${base}/v2/store`, () => ({ json: { id: BIGCOMMERCE_HASH, domain: "signal-goods.example", name: "Signal Goods", currency: "USD", timezone: { name: ZONE, raw_offset: -21600, dst_offset: -18000 } } }));
  route("GET", `${base}/v2/orders`, (req) => {
    const min = req.query.get("min_date_created");
    const max = req.query.get("max_date_created");
    const page = Number(req.query.get("page") ?? 1);
    const limit = Number(req.query.get("limit") ?? 50);
    if (limit > 250) return { status: 400, json: [{ status: 400, message: "The field 'limit' is invalid." }] };
    const from = min ? DateTime.fromISO(min) : undefined;
    const to = max ? DateTime.fromISO(max) : undefined;
    const matching = orders.filter((o) => (!from || o.created >= from) && (!to || o.created <= to)).sort((a, b) => a.created.toMillis() - b.created.toMillis());
    const items = matching.slice((page - 1) * limit, page * limit).map(({ created: _created, ...o }) => o);
    return items.length === 0 ? { status: 204 } : { json: items };
  });
  return { server, baseUrl: server.url, credential: BIGCOMMERCE_CREDENTIAL, orders, close: () => server.close() };
}
