// Stripe: REST API with a secret or restricted key as a Bearer token, pinned to one API version
// with the Stripe-Version header (https://docs.stripe.com/api/versioning). One key = one Stripe
// account (GET /v1/account) = one account here.
import { DateTime } from "luxon";
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse } from "../../core/http-types.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { Account, Connector, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { recordsConnector, type RecordReport } from "../shared/records.js";
import { fromMinorUnits } from "./currency.js";
import { REPORT_HELP, STRIPE_FIELDS, STRIPE_REPORTS } from "./fields.js";

const PLATFORM = "stripe";
/** The current version when this connector was written: https://docs.stripe.com/api-versions */
export const STRIPE_API_VERSION = "2026-09-30.endive";
/** The largest page Stripe lists: https://docs.stripe.com/api/pagination */
const PAGE_SIZE = 100;

interface StripeList<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

interface StripeAccount {
  id: string;
  email?: string | null;
  default_currency?: string | null;
  business_profile?: { name?: string | null } | null;
  settings?: { dashboard?: { display_name?: string | null; timezone?: string | null } | null } | null;
}

interface BalanceTransaction {
  id: string;
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

interface Charge {
  id: string;
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
  payment_method_details?: { type?: string; card?: { brand?: string | null; country?: string | null } | null } | null;
}

/** Stripe's list filter on `created`, with the day boundaries of the account's timezone. */
export function createdFilter(range: { start: string; end: string }, zone: string): Record<string, number> {
  return {
    "created[gte]": DateTime.fromISO(range.start, { zone }).startOf("day").toSeconds(),
    "created[lt]": DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day").toSeconds(),
  };
}

const when = (created: number, zone: string) => {
  const at = DateTime.fromSeconds(created, { zone });
  return { date: at.toFormat("yyyy-MM-dd"), hour: at.hour };
};

function balanceRecord(txn: BalanceTransaction, zone: string): Row {
  const currency = txn.currency.toUpperCase();
  return {
    ...when(txn.created, zone),
    transaction_id: txn.id,
    type: txn.type,
    reporting_category: txn.reporting_category,
    status: txn.status,
    currency,
    available_on: DateTime.fromSeconds(txn.available_on, { zone }).toFormat("yyyy-MM-dd"),
    transactions: txn.id,
    amount: fromMinorUnits(txn.amount, currency),
    fees: fromMinorUnits(txn.fee, currency),
    net: fromMinorUnits(txn.net, currency),
  };
}

function chargeRecord(charge: Charge, zone: string): Row {
  const currency = charge.currency.toUpperCase();
  const captured = fromMinorUnits(charge.amount_captured, currency);
  const refunded = fromMinorUnits(charge.amount_refunded, currency);
  return {
    ...when(charge.created, zone),
    charge_id: charge.id,
    status: charge.status,
    currency,
    payment_method_type: charge.payment_method_details?.type ?? null,
    card_brand: charge.payment_method_details?.card?.brand ?? null,
    card_country: charge.payment_method_details?.card?.country ?? null,
    failure_code: charge.failure_code,
    refunded: charge.refunded,
    disputed: charge.disputed,
    charges: charge.id,
    successful_charges: charge.status === "succeeded" ? 1 : 0,
    failed_charges: charge.status === "failed" ? 1 : 0,
    customers: charge.customer,
    amount: fromMinorUnits(charge.amount, currency),
    amount_captured: captured,
    amount_refunded: refunded,
    net_captured: captured - refunded,
  };
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; message?: string; param?: string };
}

export function classifyStripeError(response: HttpResponse): ConnectorError | undefined {
  let body: StripeErrorBody;
  try {
    body = response.json<StripeErrorBody>();
  } catch {
    return undefined;
  }
  const error = body?.error;
  if (!error) return undefined;
  // Stripe echoes a masked key in some messages ("rk_live_***abc"); redact what looks like one anyway.
  const message = redact((error.message ?? error.code ?? error.type ?? "").replace(/\b(sk|rk)_(live|test)_[A-Za-z0-9*]+/g, "$1_$2_[REDACTED]")).slice(0, 300);
  const base = { platform: PLATFORM, status: response.status, bodyExcerpt: `${error.type ?? ""}/${error.code ?? ""}: ${message}` };
  // An invalid key answers 401 with type invalid_request_error ("Invalid API Key provided: sk_test_****1234").
  if (response.status === 401 || error.type === "authentication_error") {
    return new ConnectorError({ ...base, kind: "config", message: `Stripe rejected the API key (${message}). Create a new restricted key in the Stripe dashboard and reconnect.` });
  }
  if (response.status === 403 || error.type === "permission_error") {
    // "... Having the 'rak_charge_read' permission would allow this request to continue."
    const permission = /'(rak_[a-z_]+)'/.exec(error.message ?? "")?.[1];
    return new ConnectorError({
      ...base,
      kind: "config",
      message: permission
        ? `The Stripe restricted key is missing the ${permission} permission. Edit the key in the Stripe dashboard to grant it (Read), then reconnect.`
        : `The Stripe key may not read this data (${message}). Grant it Read access to balance, charges and account, then reconnect.`,
    });
  }
  // 429 (code rate_limit) and 5xx (type api_error) keep the default transient rule and its Retry-After.
  if (response.status === 429 || response.status >= 500) return undefined;
  // lock_timeout: another request holds the object; Stripe says to retry (https://docs.stripe.com/error-codes#lock-timeout).
  if (error.code === "lock_timeout") {
    return new ConnectorError({ ...base, kind: "transient", message: `Stripe is busy with this object (${message}). The extraction will be retried.` });
  }
  return new ConnectorError({ ...base, kind: "system", message: `Stripe rejected the request: ${message}` });
}

function list<T extends { id: string }>(ctx: ConnectorContext, path: string, account: Account, range: DateRange) {
  return paginate<T, string>(
    async (startingAfter) => {
      const page = await ctx.http.json<StripeList<T>>({
        url: path,
        account: account.id,
        query: { ...createdFilter(range, account.timezone), limit: PAGE_SIZE, starting_after: startingAfter },
      });
      if (!page || !Array.isArray(page.data)) {
        throw new ConnectorError({ kind: "system", platform: PLATFORM, bodyExcerpt: ctx.http.redact(JSON.stringify(page)).slice(0, 300), message: `Stripe answered ${path} without a list.` });
      }
      const last = page.data[page.data.length - 1];
      return { items: page.data, next: page.has_more && last ? last.id : null };
    },
    { platform: PLATFORM },
  );
}

/** A Stripe list as a report; lists come newest first, one day after the other, so each finished day is handed on at once. */
function listReport<T extends { id: string }>(id: string, path: string, record: (item: T, zone: string) => Row): RecordReport<T> {
  const def = STRIPE_REPORTS.find((r) => r.id === id)!;
  return {
    ...def,
    fields: STRIPE_FIELDS[id],
    ordered: true,
    fetch: (ctx, account, range) => list<T>(ctx, path, account, range),
    record: (item, account) => record(item, account.timezone),
  };
}

async function stripeAccount(ctx: ConnectorContext): Promise<StripeAccount> {
  return ctx.http.json<StripeAccount>({ url: "/v1/account" });
}

export function createStripeConnector(): Connector {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    // A balance transaction never changes once created except its status (pending -> available,
    // up to 14 days for new accounts: https://docs.stripe.com/payouts#payout-schedule), and
    // refunds arrive as new transactions. Charges do change: amount_refunded and disputed move
    // with refunds and disputes, most within a month. 30 days covers both.
    restatementDays: 30,
    allowedHosts: ["api.stripe.com"],
    defaultBaseUrl: "https://api.stripe.com",
    supportsHourly: true,
    // Stripe allows 100 read requests per second in live mode and 25 in test mode
    // (https://docs.stripe.com/rate-limits); a few at a time stays well inside both.
    rateLimit: { maxConcurrent: 4, reservoir: { amount: 20, intervalMs: 1000 } },

    authorize(request, credential) {
      if (credential.type === "api-key") request.headers.authorization = `Bearer ${credential.key}`;
      request.headers["stripe-version"] = STRIPE_API_VERSION;
    },
    classifyError: classifyStripeError,

    async check(ctx) {
      const acct = await stripeAccount(ctx);
      return { ok: true, identity: acct.business_profile?.name || acct.settings?.dashboard?.display_name || acct.email || acct.id };
    },

    async listAccounts(ctx): Promise<Account[]> {
      const acct = await stripeAccount(ctx);
      return [
        {
          id: acct.id,
          name: acct.settings?.dashboard?.display_name || acct.business_profile?.name || acct.id,
          // The dashboard's timezone is the one Stripe's own reports use; accounts without one are on UTC.
          timezone: acct.settings?.dashboard?.timezone || "Etc/UTC",
          currency: (acct.default_currency ?? "usd").toUpperCase(),
          status: "active",
        },
      ];
    },
    reportHelp: REPORT_HELP,
    reports: [listReport<BalanceTransaction>("balance_transactions", "/v1/balance_transactions", balanceRecord), listReport<Charge>("charges", "/v1/charges", chargeRecord)],
  });
}

export const stripeConnector = createStripeConnector();
