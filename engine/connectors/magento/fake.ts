// A local Magento 2 REST API: OAuth 1.0a HMAC-SHA1 signed requests (integration consumer and
// access token), /rest/V1/store/storeViews and storeConfigs, /rest/V1/orders with searchCriteria
// filter_groups (created_at gteq/lt, store_id eq), sortOrders and pageSize/currentPage paging with
// total_count (and Magento's quirk of repeating the last page past the end), and Magento's error
// body {message, parameters}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { verifyOAuth1 } from "../../../tests/fakes/support/oauth1-signature.js";
import { guardedRoutes, sqlUtc } from "../../../tests/fakes/support/platform-fake.js";

export const MAGENTO_KEYS = { consumerKey: "mg-consumer-key-0001", consumerSecret: "mg-consumer-secret-0001", token: "mg-access-token-0001", tokenSecret: "mg-token-secret-0001" };
export const MAGENTO_CREDENTIAL = {
  type: "api-key" as const,
  key: MAGENTO_KEYS.consumerKey,
  secret: MAGENTO_KEYS.consumerSecret,
  options: { storeUrl: "https://shop.signalpost.example", accessToken: MAGENTO_KEYS.token, accessTokenSecret: MAGENTO_KEYS.tokenSecret },
};

export const magentoError = (status: number, message: string, parameters?: Record<string, string>): FakeReply => ({ status, json: { message, ...(parameters ? { parameters } : {}) } });
export const MAGENTO_UNAUTHORIZED = magentoError(401, "The consumer isn't authorized to access %resources.", { resources: "Magento_Sales::actions_view" });

const ZONE = "Europe/Paris";

export interface FakeOrder {
  entity_id: number;
  increment_id: string;
  created_at: string;
  status: string;
  state: string;
  store_id: number;
  customer_email: string;
  customer_is_guest: number;
  order_currency_code: string;
  base_grand_total: number;
  base_subtotal: number;
  base_tax_amount: number;
  base_shipping_amount: number;
  base_discount_amount: number;
  base_total_refunded: number;
  total_qty_ordered: number;
  payment: { method: string };
  items: { item_id: number; parent_item_id?: number; sku: string; name: string; product_type: string; qty_ordered: number; base_row_total: number; base_discount_amount: number }[];
}

/** Store 1 (Paris): 4 orders a day at 09:30, 14:00, 18:00 and 23:30 Paris time through January 2025; store 2 (Paris too) has one a day. */
export function buildMagentoOrders(): FakeOrder[] {
  const out: FakeOrder[] = [];
  let n = 0;
  for (let d = 0; d < 31; d++) {
    const day = DateTime.fromISO("2025-01-01", { zone: ZONE }).plus({ days: d });
    const slots: [number, number, number][] = [[1, 9, 30], [1, 14, 0], [1, 18, 0], [1, 23, 30], [2, 12, 0]];
    for (const [store, hour, minute] of slots) {
      n += 1;
      const subtotal = 40 + (n % 5) * 10;
      const tax = Math.round(subtotal * 0.2 * 100) / 100;
      const refunded = n % 6 === 0 ? subtotal : 0;
      out.push({
        entity_id: n,
        increment_id: String(100000000 + n),
        created_at: sqlUtc(day.set({ hour, minute }).toJSDate()),
        status: refunded ? "closed" : "complete",
        state: refunded ? "closed" : "complete",
        store_id: store,
        customer_email: `shopper${n % 4}@example.com`,
        customer_is_guest: n % 3 === 0 ? 1 : 0,
        order_currency_code: "EUR",
        base_grand_total: subtotal + tax + 5,
        base_subtotal: subtotal,
        base_tax_amount: tax,
        base_shipping_amount: 5,
        base_discount_amount: 0,
        base_total_refunded: refunded,
        total_qty_ordered: 2,
        payment: { method: n % 2 ? "checkmo" : "braintree" },
        items: [
          { item_id: n * 10, sku: "MUG-1", name: "Mug", product_type: "configurable", qty_ordered: 1, base_row_total: subtotal - 15, base_discount_amount: 0 },
          { item_id: n * 10 + 1, parent_item_id: n * 10, sku: "MUG-1-RED", name: "Mug red", product_type: "simple", qty_ordered: 1, base_row_total: 0, base_discount_amount: 0 },
          { item_id: n * 10 + 2, sku: "TEA-1", name: "Tea", product_type: "simple", qty_ordered: 1, base_row_total: 15, base_discount_amount: 0 },
        ],
      });
    }
  }
  return out;
}

export interface MagentoFake extends PlatformFake {
  orders: FakeOrder[];
}

/** The value of a searchCriteria filter on `field` with `condition`. */
function criteria(req: RecordedRequest, field: string, condition: string): string | undefined {
  for (let g = 0; g < 10; g++) {
    const p = `searchCriteria[filter_groups][${g}][filters][0]`;
    if (req.query.get(`${p}[field]`) === field && (req.query.get(`${p}[condition_type]`) ?? "eq") === condition) return req.query.get(`${p}[value]`) ?? undefined;
  }
  return undefined;
}

export async function startMagentoFake(): Promise<MagentoFake> {
  const server = await startFakeServer();
  const orders = buildMagentoOrders();
  const route = guardedRoutes(server, (req) => verifyOAuth1(req, server.url, MAGENTO_KEYS), () => MAGENTO_UNAUTHORIZED);
  route("GET", "/rest/V1/store/storeViews", () => ({
    json: [
      { id: 0, code: "admin", name: "Admin", website_id: 0, store_group_id: 0, is_active: 1 },
      { id: 1, code: "default", name: "Signal Shop FR", website_id: 1, store_group_id: 1, is_active: 1 },
      { id: 2, code: "pro", name: "Signal Shop Pro", website_id: 1, store_group_id: 1, is_active: 1 },
    ],
  }));
  route("GET", "/rest/V1/store/storeConfigs", () => ({
    json: [0, 1, 2].map((id) => ({ id, code: ["admin", "default", "pro"][id], website_id: id ? 1 : 0, locale: "fr_FR", base_currency_code: "EUR", default_display_currency_code: "EUR", timezone: ZONE, weight_unit: "kgs", base_url: "https://shop.signalpost.example/" })),
  }));
  route("GET", "/rest/V1/orders", (req) => {
    const size = Number(req.query.get("searchCriteria[pageSize]") ?? 20);
    const page = Number(req.query.get("searchCriteria[currentPage]") ?? 1);
    if (size > 300) return magentoError(400, "Maximum SearchCriteria pageSize is %1", { 1: "300" } as unknown as Record<string, string>);
    const from = criteria(req, "created_at", "gteq");
    const to = criteria(req, "created_at", "lt");
    const store = criteria(req, "store_id", "eq");
    const matching = orders
      .filter((o) => (!from || o.created_at >= from) && (!to || o.created_at < to) && (!store || String(o.store_id) === store))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const last = Math.max(1, Math.ceil(matching.length / size));
    const shown = Math.min(page, last); // Magento repeats the last page past the end.
    return { json: { items: matching.slice((shown - 1) * size, shown * size), search_criteria: {}, total_count: matching.length } };
  });
  return { server, baseUrl: `${server.url}/rest`, credential: MAGENTO_CREDENTIAL, orders, close: () => server.close() };
}
