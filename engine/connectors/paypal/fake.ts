// A local PayPal REST API: /v1/oauth2/token (Basic client auth, refresh), Bearer checks,
// /v1/identity/oauth2/userinfo, /v1/reporting/balances and /v1/reporting/transactions (start/end
// dates, at most 31 days, page/page_size, total_pages, instants as 2025-01-06T10:00:00+0000);
// errors as {name, message, debug_id}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const PAYPAL_APP = { clientId: "AYpaypal-client-id", clientSecret: "EPpaypal-client-secret-0123" };
export const PAYPAL_CREDENTIAL = { type: "oauth2" as const, accessToken: "A21AApaypal-access-0123456789", refreshToken: "R23AApaypal-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const PAYPAL_UNAUTHORIZED: FakeReply = { status: 401, json: { name: "AUTHENTICATION_FAILURE", message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.", debug_id: "f1a2b3" } };

/** 20 transactions a day in January 2025 (every 72 minutes UTC): payments, every 5th a refund. */
export function buildTransactions() {
  return Array.from({ length: 31 * 20 }, (_, n) => {
    const refund = n % 5 === 4;
    const value = refund ? -15 : 30 + (n % 4) * 5;
    return {
      transaction_id: `TX${String(n).padStart(8, "0")}`,
      transaction_event_code: refund ? "T1107" : "T0006",
      transaction_initiation_date: DateTime.fromISO("2025-01-01T00:00:00Z").plus({ minutes: 72 * n }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ"),
      transaction_amount: { currency_code: "USD", value: value.toFixed(2) },
      fee_amount: { currency_code: "USD", value: refund ? "0.00" : (-(value * 0.03 + 0.3)).toFixed(2) },
      transaction_status: "S",
    };
  });
}

export interface PaypalFake extends PlatformFake {
  transactions: ReturnType<typeof buildTransactions>;
}

export async function startPaypalFake(): Promise<PaypalFake> {
  const server = await startFakeServer();
  const transactions = buildTransactions();
  const oauth = mountOAuth2(server, { path: "/v1/oauth2/token", clientAuth: "basic", ...PAYPAL_APP, refreshToken: PAYPAL_CREDENTIAL.refreshToken, accessToken: PAYPAL_CREDENTIAL.accessToken });
  const route = guardedRoutes(server, (req) => !!oauth.bearer(req), () => PAYPAL_UNAUTHORIZED);
  route("GET", "/v1/identity/oauth2/userinfo", () => ({ json: { user_id: "https://www.paypal.com/webapps/auth/identity/user/abc", payer_id: "PAYER42XYZ", name: "Signal Shop", emails: [{ value: "pay@signalpost.example", primary: true }] } }));
  route("GET", "/v1/reporting/balances", () => ({ json: { balances: [{ currency: "USD", primary: true, total_balance: { currency_code: "USD", value: "1000.00" } }] } }));
  route("GET", "/v1/reporting/transactions", (req) => {
    const from = DateTime.fromISO(req.query.get("start_date")!);
    const to = DateTime.fromISO(req.query.get("end_date")!);
    if (to.diff(from, "days").days > 31) return { status: 400, json: { name: "INVALID_REQUEST", message: "Date range is greater than 31 days", debug_id: "x" } };
    const size = Number(req.query.get("page_size") ?? 100);
    const page = Number(req.query.get("page") ?? 1);
    const matching = transactions.filter((t) => DateTime.fromISO(t.transaction_initiation_date) >= from && DateTime.fromISO(t.transaction_initiation_date) <= to);
    return { json: { transaction_details: matching.slice((page - 1) * size, page * size).map((t) => ({ transaction_info: t })), page, total_items: matching.length, total_pages: Math.ceil(matching.length / size) } };
  });
  return { server, baseUrl: server.url, credential: PAYPAL_CREDENTIAL, app: PAYPAL_APP, oauth, transactions, close: () => server.close() };
}
