// A local CommentSold partner API: Bearer token, /api/2.0/{shop}/shop and /api/2.0/{shop}/orders
// with start_date/end_date (UTC, end exclusive), page/per_page and {data, meta} pages; Laravel's
// {"message": "Unauthenticated."} for a bad token.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const COMMENT_SOLD_TOKEN = "cs_live_token_0123456789abcdef";
export const COMMENT_SOLD_CREDENTIAL = { type: "api-key" as const, key: COMMENT_SOLD_TOKEN, secret: COMMENT_SOLD_TOKEN, options: { shopId: "boutique-42" } };
export const COMMENT_SOLD_UNAUTHORIZED: FakeReply = { status: 401, json: { message: "Unauthenticated." } };

const ZONE = "America/Chicago";

export interface FakeCsOrder {
  id: number;
  created_at: string;
  status: string;
  source: string;
  customer_id: number;
  subtotal: number;
  shipping: number;
  tax: number;
  discount: number;
  total: number;
  refunded: number;
  items: { sku: string; product_name: string; quantity: number; price: number }[];
}

/** 5 orders a day in January 2025 at 10, 13, 16, 19 and 21 Chicago time (a live sale in the evening). */
export function buildCsOrders(): FakeCsOrder[] {
  const out: FakeCsOrder[] = [];
  let n = 0;
  for (let d = 0; d < 31; d++) {
    for (const hour of [10, 13, 16, 19, 21]) {
      n += 1;
      const price = 25 + (n % 3) * 5;
      out.push({
        id: 5000 + n,
        created_at: DateTime.fromISO("2025-01-01", { zone: ZONE }).plus({ days: d }).set({ hour }).toUTC().toISO({ suppressMilliseconds: true })!,
        status: n % 10 === 0 ? "cancelled" : "paid",
        source: hour >= 19 ? "live_sale" : "webstore",
        customer_id: n % 13,
        subtotal: price * 2,
        shipping: 6,
        tax: 0,
        discount: 0,
        total: price * 2 + 6,
        refunded: 0,
        items: [{ sku: "TOP-S", product_name: "Top S", quantity: 2, price }],
      });
    }
  }
  return out;
}

export interface CommentSoldFake extends PlatformFake {
  orders: FakeCsOrder[];
}

export async function startCommentSoldFake(): Promise<CommentSoldFake> {
  const server = await startFakeServer();
  const orders = buildCsOrders();
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Bearer ${COMMENT_SOLD_TOKEN}`, () => COMMENT_SOLD_UNAUTHORIZED);
  route("GET", "/api/2.0/boutique-42/shop", () => ({ json: { data: { id: "boutique-42", name: "Boutique 42", timezone: ZONE, currency: "USD" } } }));
  route("GET", "/api/2.0/boutique-42/orders", (req) => {
    const from = req.query.get("start_date") ?? "";
    const to = req.query.get("end_date") ?? "9999";
    const page = Number(req.query.get("page") ?? 1);
    const per = Number(req.query.get("per_page") ?? 25);
    const matching = orders.filter((o) => o.created_at >= from && o.created_at < to);
    const last = Math.max(1, Math.ceil(matching.length / per));
    return { json: { data: matching.slice((page - 1) * per, page * per), meta: { current_page: page, last_page: last, per_page: per, total: matching.length } } };
  });
  return { server, baseUrl: `${server.url}/api/2.0`, credential: COMMENT_SOLD_CREDENTIAL, orders, close: () => server.close() };
}
