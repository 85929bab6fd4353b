// A local Chargebee API v2: the key as HTTP Basic user, /api/v2/invoices and /api/v2/subscriptions
// with limit, offset/next_offset (an opaque JSON array string), <attr>[between]=[a,b] on unix
// seconds and sort_by[asc]; lists of {invoice: {...}} / {subscription: {...}}; errors with
// api_error_code.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const CHARGEBEE_KEY = "live_cbKey0123456789abcdefABCDEF";
export const CHARGEBEE_CREDENTIAL = { type: "api-key" as const, key: CHARGEBEE_KEY, options: { site: "signal-test" } };
export const CHARGEBEE_UNAUTHORIZED: FakeReply = {
  status: 401,
  json: { message: "Sorry, authentication failed. Invalid api key", type: "invalid_request", api_error_code: "api_authentication_failed", error_code: "api_authentication_invalid_key", http_status_code: 401 },
};

const T0 = Date.UTC(2025, 0, 1) / 1000;

/** 6 invoices a day (every 4 hours, UTC) in January 2025, in cents; every 5th still payment_due. */
export function buildInvoices() {
  return Array.from({ length: 31 * 6 }, (_, n) => ({
    id: `inv_${1000 + n}`,
    customer_id: `cust_${n % 17}`,
    subscription_id: `sub_${n % 17}`,
    status: n % 5 === 4 ? "payment_due" : "paid",
    date: T0 + n * 4 * 3600,
    total: 4900 + (n % 3) * 1000,
    amount_paid: n % 5 === 4 ? 0 : 4900 + (n % 3) * 1000,
    amount_due: n % 5 === 4 ? 4900 + (n % 3) * 1000 : 0,
    tax: 0,
    sub_total: 4900 + (n % 3) * 1000,
    currency_code: "EUR",
  }));
}

export function buildSubscriptions() {
  return Array.from({ length: 62 }, (_, n) => ({ id: `sub_new_${n}`, customer_id: `cust_${n}`, status: n % 4 === 0 ? "in_trial" : "active", created_at: T0 + n * 12 * 3600, mrr: 4900, currency_code: "EUR", billing_period_unit: "month" }));
}

export interface ChargebeeFake extends PlatformFake {
  invoices: ReturnType<typeof buildInvoices>;
}

function listReply<T extends Record<string, unknown>>(req: RecordedRequest, items: T[], key: string, attr: string): FakeReply {
  const limit = Number(req.query.get("limit") ?? 10);
  if (limit > 100) return { status: 400, json: { message: "limit : The value 101 is more than allowed max value 100", api_error_code: "invalid_request", http_status_code: 400 } };
  const [a, b] = JSON.parse(req.query.get(`${attr}[between]`) ?? "[0,99999999999]") as [number, number];
  const matching = items.filter((i) => (i[attr] as number) >= a && (i[attr] as number) <= b);
  const offset = req.query.get("offset") ? (JSON.parse(req.query.get("offset")!) as [string, string])[1] : undefined;
  const start = offset ? matching.findIndex((i) => i.id === offset) + 1 : 0;
  const page = matching.slice(start, start + limit);
  const more = start + limit < matching.length;
  return { json: { list: page.map((i) => ({ [key]: i })), ...(more ? { next_offset: JSON.stringify([String(page[page.length - 1][attr]), page[page.length - 1].id]) } : {}) } };
}

export async function startChargebeeFake(): Promise<ChargebeeFake> {
  const server = await startFakeServer();
  const invoices = buildInvoices();
  const subscriptions = buildSubscriptions();
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Basic ${Buffer.from(`${CHARGEBEE_KEY}:`).toString("base64")}`, () => CHARGEBEE_UNAUTHORIZED);
  route("GET", "/api/v2/invoices", (req) => listReply(req, invoices, "invoice", "date"));
  route("GET", "/api/v2/subscriptions", (req) => listReply(req, subscriptions, "subscription", "created_at"));
  return { server, baseUrl: `${server.url}/api/v2`, credential: CHARGEBEE_CREDENTIAL, invoices, close: () => server.close() };
}
