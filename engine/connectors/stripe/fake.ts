// A local Stripe API: Bearer secret key, Stripe-Version header recorded, /v1/account,
// /v1/balance_transactions and /v1/charges as list objects ({object: "list", data, has_more, url})
// newest first with limit / starting_after paging and created[gte] / created[lt] filters, and
// Stripe's error body {error: {type, code, message}}. Failures are scriptable per request.
import { DateTime } from "luxon";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const STRIPE_FAKE_KEY = "rk_test_51FakeSignalpostKey0123456789abcdef";
export const STRIPE_FAKE_ACCOUNT = {
  id: "acct_1SignalpostFake",
  object: "account",
  email: "finance@signalpost.example",
  default_currency: "gbp",
  country: "GB",
  business_profile: { name: "Signalpost Ltd" },
  settings: { dashboard: { display_name: "Signalpost", timezone: "Europe/London" } },
};

export type StripeFailure = "unauthorized" | "permission" | "rateLimited" | "serverError" | "invalidRequest";

export interface FakeBalanceTransaction {
  id: string;
  object: "balance_transaction";
  amount: number;
  fee: number;
  net: number;
  currency: string;
  created: number;
  available_on: number;
  status: string;
  type: string;
  reporting_category: string;
}

export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  created: number;
  status: string;
  customer: string | null;
  failure_code: string | null;
  refunded: boolean;
  disputed: boolean;
  payment_method_details: { type: string; card: { brand: string; country: string } | null };
}

export interface StripeFake {
  server: FakeServer;
  url: string;
  balanceTransactions: FakeBalanceTransaction[];
  charges: FakeCharge[];
  failNext(failure: StripeFailure, opts?: { path?: string; retryAfterSeconds?: number }): void;
  close(): Promise<void>;
}

const ZONE = "Europe/London";

/** Per day of January 2025: 5 charges at 09:00, 10:00, 13:00, 16:00 and 19:00 London time (the last fails, every 4th succeeded one is refunded), their balance transactions, and a weekly payout. */
export function buildStripeData(from = "2025-01-01", days = 31): { charges: FakeCharge[]; balanceTransactions: FakeBalanceTransaction[] } {
  const charges: FakeCharge[] = [];
  const txns: FakeBalanceTransaction[] = [];
  let n = 0;
  for (let d = 0; d < days; d++) {
    const day = DateTime.fromISO(from, { zone: ZONE }).plus({ days: d });
    [9, 10, 13, 16, 19].forEach((hour, k) => {
      n += 1;
      const created = day.set({ hour }).toSeconds();
      const failed = k === 4;
      const amount = 1000 + (n % 7) * 250;
      const refunded = !failed && n % 4 === 0;
      const id = `ch_fake${String(n).padStart(6, "0")}`;
      charges.push({
        id,
        object: "charge",
        amount,
        amount_captured: failed ? 0 : amount,
        amount_refunded: refunded ? amount : 0,
        currency: "gbp",
        created,
        status: failed ? "failed" : "succeeded",
        customer: `cus_fake${n % 5}`,
        failure_code: failed ? "card_declined" : null,
        refunded,
        disputed: false,
        payment_method_details: { type: "card", card: { brand: n % 2 ? "visa" : "mastercard", country: n % 3 ? "GB" : "FR" } },
      });
      if (failed) return;
      const fee = Math.round(amount * 0.015) + 20;
      txns.push({ id: `txn_fake${n}c`, object: "balance_transaction", amount, fee, net: amount - fee, currency: "gbp", created, available_on: created + 2 * 86400, status: d < 28 ? "available" : "pending", type: "charge", reporting_category: "charge" });
      if (refunded) txns.push({ id: `txn_fake${n}r`, object: "balance_transaction", amount: -amount, fee: 0, net: -amount, currency: "gbp", created: created + 3600, available_on: created + 3600, status: "available", type: "refund", reporting_category: "refund" });
    });
    if (d % 7 === 6) {
      const created = day.set({ hour: 6 }).toSeconds();
      txns.push({ id: `txn_fakepayout${d}`, object: "balance_transaction", amount: -5000, fee: 0, net: -5000, currency: "gbp", created, available_on: created, status: "available", type: "payout", reporting_category: "payout" });
    }
  }
  return { charges, balanceTransactions: txns };
}

const stripeError = (status: number, type: string, message: string, code?: string): FakeReply => ({
  status,
  headers: { "request-id": "req_fake123" },
  json: { error: { type, message, ...(code ? { code } : {}), doc_url: code ? `https://docs.stripe.com/error-codes/${code.replace(/_/g, "-")}` : undefined } },
});

/** limit / starting_after over a newest-first list filtered on created[gte] / created[lt]. */
function listPage<T extends { id: string; created: number }>(req: RecordedRequest, all: T[], path: string): FakeReply {
  const limit = Number(req.query.get("limit") ?? 10);
  if (!(limit >= 1 && limit <= 100)) return stripeError(400, "invalid_request_error", "Invalid integer: limit must be between 1 and 100", "parameter_invalid_integer");
  const gte = req.query.get("created[gte]");
  const lt = req.query.get("created[lt]");
  const items = all
    .filter((o) => (!gte || o.created >= Number(gte)) && (!lt || o.created < Number(lt)))
    .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  const after = req.query.get("starting_after");
  let start = 0;
  if (after) {
    const index = items.findIndex((o) => o.id === after);
    if (index < 0) return stripeError(400, "invalid_request_error", `No such object: '${after}'`, "resource_missing");
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  return { json: { object: "list", data, has_more: start + limit < items.length, url: path } };
}

export async function startStripeFake(options: { key?: string; withoutAccountRead?: boolean } = {}): Promise<StripeFake> {
  const server = await startFakeServer();
  const key = options.key ?? STRIPE_FAKE_KEY;
  const { charges, balanceTransactions } = buildStripeData();

  const authorized = (req: RecordedRequest): FakeReply | undefined => {
    const header = req.headers.authorization ?? "";
    if (header === `Bearer ${key}`) return undefined;
    const given = header.replace(/^Bearer\s+/, "");
    return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`);
  };

  // A restricted key made for reporting often lacks rak_accounts_kyc_basic_read: the account is refused, with its id in the message.
  const accountRefused = () =>
    stripeError(
      403,
      "invalid_request_error",
      `The provided key 'rk_test_****cdef' does not have the required permissions for this endpoint on account '${STRIPE_FAKE_ACCOUNT.id}'. Having the 'rak_accounts_kyc_basic_read' permission would allow this request to continue.`,
    );
  server.route("GET", "/v1/account", (req) => authorized(req) ?? (options.withoutAccountRead ? accountRefused() : { json: STRIPE_FAKE_ACCOUNT }));
  server.route("GET", "/v1/balance_transactions", (req) => authorized(req) ?? listPage(req, balanceTransactions, "/v1/balance_transactions"));
  server.route("GET", "/v1/charges", (req) => authorized(req) ?? listPage(req, charges, "/v1/charges"));

  const failures: Record<StripeFailure, (retryAfter: number) => FakeReply> = {
    unauthorized: () => stripeError(401, "invalid_request_error", "Invalid API Key provided: rk_test_****cdef"),
    permission: () =>
      stripeError(
        403,
        "invalid_request_error",
        "The provided key 'rk_test_****cdef' does not have the required permissions for this endpoint on account 'acct_1SignalpostFake'. Having the 'rak_balance_transaction_source_read' permission would allow this request to continue.",
      ),
    rateLimited: (retryAfter) => ({ ...stripeError(429, "invalid_request_error", "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.", "rate_limit"), headers: { "retry-after": String(retryAfter) } }),
    serverError: () => stripeError(500, "api_error", "An unknown error occurred"),
    invalidRequest: () => stripeError(400, "invalid_request_error", "Received unknown parameter: foo", "parameter_unknown"),
  };

  return {
    server,
    url: server.url,
    balanceTransactions,
    charges,
    failNext(failure, opts = {}) {
      server.once("GET", opts.path ?? "/v1/balance_transactions", failures[failure](opts.retryAfterSeconds ?? 1));
    },
    close: () => server.close(),
  };
}
