// Stripe: REST API with a secret or restricted key as a Bearer token, pinned to one API version
// with the Stripe-Version header (https://docs.stripe.com/api/versioning). One key = one Stripe
// account (GET /v1/account) = one account here.
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse } from "../../core/http-types.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { Account, Connector, ConnectorContext, DateRange, Row } from "../../core/types.js";
import { errorBody } from "../shared/answers.js";
import { recordsConnector, type RecordReport } from "../shared/records.js";
import { fromMinorUnits } from "./currency.js";
import { REPORT_HELP, STRIPE_FIELDS, STRIPE_REPORTS } from "./fields.js";

const PLATFORM = "stripe";
/** The current version when this connector was written: https://docs.stripe.com/api-versions */
export const STRIPE_API_VERSION = "2026-09-30.endive";
/** The largest page Stripe lists: https://docs.stripe.com/api/pagination */
const PAGE_SIZE = 100;

// What the records read (decision 0940); amounts are integers in minor units.
const stripeList = <T>(item: z.ZodType<T>) => z.object({ data: z.array(item), has_more: z.boolean() });

const stripeAccount = z.object({
  id: z.string(),
  email: z.string().nullish(),
  default_currency: z.string().nullish(),
  business_profile: z.object({ name: z.string().nullish() }).nullish(),
  settings: z.object({ dashboard: z.object({ display_name: z.string().nullish(), timezone: z.string().nullish() }).nullish() }).nullish(),
});
type StripeAccount = z.infer<typeof stripeAccount>;

const balanceTransaction = z.object({
  id: z.string(),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  currency: z.string(),
  created: z.number(),
  available_on: z.number(),
  status: z.string(),
  type: z.string(),
  reporting_category: z.string(),
});
type BalanceTransaction = z.infer<typeof balanceTransaction>;

const chargeItem = z.object({
  id: z.string(),
  amount: z.number(),
  amount_captured: z.number(),
  amount_refunded: z.number(),
  currency: z.string(),
  created: z.number(),
  status: z.string(),
  customer: z.string().nullable(),
  failure_code: z.string().nullable(),
  refunded: z.boolean(),
  disputed: z.boolean(),
  payment_method_details: z.object({ type: z.string().nullish(), card: z.object({ brand: z.string().nullish(), country: z.string().nullish() }).nullish() }).nullish(),
});
type Charge = z.infer<typeof chargeItem>;

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

// Type and code pick the kind; the message only words it (and may name a permission or account).
const text = z.string().nullish().catch(undefined);
const stripeErrorBody = z.object({ error: z.object({ type: text, code: text, message: text }).nullish() });

export function classifyStripeError(response: HttpResponse): ConnectorError | undefined {
  const error = errorBody(response, stripeErrorBody)?.error;
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

function list<T extends { id: string }>(ctx: ConnectorContext, path: string, item: z.ZodType<T>, account: Account, range: DateRange) {
  const answer = stripeList(item);
  return paginate<T, string>(
    async (startingAfter) => {
      const page = await ctx.http.json({ url: path, account: account.id, query: { ...createdFilter(range, account.timezone), limit: PAGE_SIZE, starting_after: startingAfter } }, answer);
      const last = page.data[page.data.length - 1];
      return { items: page.data, next: page.has_more && last ? last.id : null };
    },
    { platform: PLATFORM },
  );
}

/** A Stripe list as a report; lists come newest first, one day after the other, so each finished day is handed on at once. */
function listReport<T extends { id: string }>(id: string, path: string, item: z.ZodType<T>, record: (item: T, zone: string) => Row): RecordReport<T> {
  const def = STRIPE_REPORTS.find((r) => r.id === id)!;
  return {
    ...def,
    fields: STRIPE_FIELDS[id],
    ordered: true,
    fetch: (ctx, account, range) => list(ctx, path, item, account, range),
    record: (item, account) => record(item, account.timezone),
  };
}

/** The key's account, or undefined for a restricted key that may not read it. */
interface KeyAccount {
  account?: StripeAccount;
  /** From the 403's own words ("... on account 'acct_...'") when /v1/account is not readable. */
  restrictedAccountId?: string;
}

/**
 * GET /v1/account needs rak_accounts_kyc_basic_read, which a restricted key made for reporting
 * often lacks. Its 403 still names the account ("does not have the required permissions for this
 * endpoint on account 'acct_...'"), and the data this connector reads does not need more.
 */
async function keyAccount(ctx: ConnectorContext): Promise<KeyAccount> {
  const response = await ctx.http.request({ url: "/v1/account", expect: [403] });
  if (response.status !== 403) return { account: response.json(stripeAccount) };
  // Not Stripe's JSON: no account id to read.
  const message = errorBody(response, stripeErrorBody)?.error?.message ?? "";
  return { restrictedAccountId: /account '(acct_[A-Za-z0-9]+)'/.exec(message)?.[1] };
}

/** A key that cannot read the account must still read what the reports need (balance transactions). */
async function probeReportAccess(ctx: ConnectorContext): Promise<void> {
  await ctx.http.request({ url: "/v1/balance_transactions", query: { limit: "1" } });
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
      const { account: acct, restrictedAccountId } = await keyAccount(ctx);
      if (!acct) {
        await probeReportAccess(ctx);
        return { ok: true, identity: restrictedAccountId ?? "Stripe restricted key" };
      }
      return { ok: true, identity: acct.business_profile?.name || acct.settings?.dashboard?.display_name || acct.email || acct.id };
    },

    async listAccounts(ctx): Promise<Account[]> {
      const { account: acct, restrictedAccountId } = await keyAccount(ctx);
      if (!acct) {
        await probeReportAccess(ctx);
        // Without the account object there is no dashboard timezone or default currency: Stripe's
        // reports then use UTC, and each amount carries its own currency anyway.
        const id = restrictedAccountId ?? "stripe-account";
        return [{ id, name: `Stripe ${id}`, timezone: "Etc/UTC", currency: "USD", status: "active" }];
      }
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
    reports: [listReport("balance_transactions", "/v1/balance_transactions", balanceTransaction, balanceRecord), listReport("charges", "/v1/charges", chargeItem, chargeRecord)],
  });
}

export const stripeConnector = createStripeConnector();
