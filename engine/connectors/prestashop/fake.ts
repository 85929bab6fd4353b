// A local PrestaShop Webservice: the key as HTTP Basic user, output_format=JSON, /api/configurations
// with filter[name]=[A|B] and display=[name,value], /api/currencies/:id, /api/orders with
// display=full, date=1 and filter[date_add]=[from,to] (inclusive, shop time), sort and
// limit=offset,count; a bare [] when nothing matches; errors as {"errors":[{code,message}]}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const PRESTASHOP_KEY = "PSWSKEY0123456789ABCDEFGHIJKLMNO";
export const PRESTASHOP_CREDENTIAL = { type: "api-key" as const, key: PRESTASHOP_KEY, options: { storeUrl: "https://boutique.signalpost.example" } };
export const prestaError = (status: number, code: number, message: string): FakeReply => ({ status, json: { errors: [{ code, message }] } });
export const PRESTASHOP_UNAUTHORIZED = prestaError(401, 18, "Invalid authentication key");

const ZONE = "Europe/Paris";

export interface FakePrestaOrder {
  id: number;
  reference: string;
  id_customer: string;
  current_state: string;
  valid: string;
  payment: string;
  date_add: string;
  total_paid_tax_incl: string;
  total_paid_tax_excl: string;
  total_products: string;
  total_shipping_tax_incl: string;
  total_discounts_tax_incl: string;
  conversion_rate: string;
  associations: { order_rows: { product_id: string; product_reference: string; product_name: string; product_quantity: string; unit_price_tax_incl: string }[] };
}

/** 4 orders a day through January 2025 (shop time 08:00, 12:00, 17:00, 22:00); every 5th paid in USD at 1.25. */
export function buildPrestaOrders(): FakePrestaOrder[] {
  const out: FakePrestaOrder[] = [];
  let n = 0;
  for (let d = 0; d < 31; d++) {
    for (const hour of [8, 12, 17, 22]) {
      n += 1;
      const rate = n % 5 === 0 ? 1.25 : 1;
      const products = (30 + (n % 4) * 10) * rate;
      out.push({
        id: n,
        reference: `REF${String(n).padStart(5, "0")}`,
        id_customer: String(n % 7),
        current_state: n % 9 === 0 ? "6" : "2",
        valid: n % 9 === 0 ? "0" : "1",
        payment: "ps_checkout",
        date_add: DateTime.fromISO("2025-01-01", { zone: ZONE }).plus({ days: d }).set({ hour }).toFormat("yyyy-MM-dd HH:mm:ss"),
        total_paid_tax_incl: (products * 1.2 + 5 * rate).toFixed(6),
        total_paid_tax_excl: (products + 5 * rate).toFixed(6),
        total_products: products.toFixed(6),
        total_shipping_tax_incl: (5 * rate).toFixed(6),
        total_discounts_tax_incl: "0.000000",
        conversion_rate: rate.toFixed(6),
        associations: { order_rows: [{ product_id: "1", product_reference: "CAFE-250", product_name: "Café 250g", product_quantity: "2", unit_price_tax_incl: ((products * 1.2) / 2).toFixed(6) }] },
      });
    }
  }
  return out;
}

export interface PrestashopFake extends PlatformFake {
  orders: FakePrestaOrder[];
}

export async function startPrestashopFake(): Promise<PrestashopFake> {
  const server = await startFakeServer();
  const orders = buildPrestaOrders();
  const authorized = (header: unknown) => header === `Basic ${Buffer.from(`${PRESTASHOP_KEY}:`).toString("base64")}`;
  const route = guardedRoutes(server, (req) => authorized(req.headers.authorization) && req.query.get("output_format") === "JSON", (req) =>
    req.query.get("output_format") !== "JSON" ? { status: 400, body: "<?xml version=\"1.0\"?><prestashop/>" } : PRESTASHOP_UNAUTHORIZED,
  );
  const configs = [
    { name: "PS_SHOP_NAME", value: "Boutique Signal" },
    { name: "PS_TIMEZONE", value: ZONE },
    { name: "PS_CURRENCY_DEFAULT", value: "1" },
  ];
  route("GET", "/api/configurations", (req) => {
    const names = (req.query.get("filter[name]") ?? "").replace(/^\[|\]$/g, "").split("|");
    return { json: { configurations: configs.filter((c) => names.includes(c.name)) } };
  });
  route("GET", "/api/currencies/:id", (req) => (req.params.id === "1" ? { json: { currency: { id: 1, iso_code: "EUR", name: "Euro" } } } : prestaError(404, 87, "Id(s) not exists")));
  route("GET", "/api/orders", (req) => {
    if (req.query.get("date") !== "1" && req.query.get("filter[date_add]")) return prestaError(400, 33, "The date filter needs date=1");
    const [from, to] = (req.query.get("filter[date_add]") ?? "[,]").replace(/^\[|\]$/g, "").split(",");
    const [offset, count] = (req.query.get("limit") ?? "0,1000").split(",").map(Number);
    const matching = orders.filter((o) => (!from || o.date_add >= from) && (!to || o.date_add <= to));
    const page = matching.slice(offset, offset + count);
    return { json: page.length === 0 ? [] : { orders: page } };
  });
  return { server, baseUrl: `${server.url}/api`, credential: PRESTASHOP_CREDENTIAL, orders, close: () => server.close() };
}
