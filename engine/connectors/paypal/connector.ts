// PayPal REST: Transaction Search (https://developer.paypal.com/docs/api/transaction-search/v1/)
// with an OAuth 2.0 token of the merchant (refreshed at api-m.paypal.com/v1/oauth2/token, client
// authenticated with HTTP Basic). Transactions are listed per page (page/page_size up to 500,
// total_pages) for at most 31 days per request, so ranges are sliced. The account's primary
// currency comes from /v1/reporting/balances; PayPal returns instants with offsets and the
// account has no API-visible timezone, so days are UTC.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "paypal";
const PAGE_SIZE = 500;

const money = z.object({ currency_code: z.string(), value: numberOrString });
const transactionInfo = z.object({
  transaction_id: z.string(),
  transaction_event_code: z.string(),
  transaction_initiation_date: z.string(),
  transaction_amount: money,
  fee_amount: money.nullish(),
  transaction_status: z.string(),
});
export type TransactionInfo = z.infer<typeof transactionInfo>;
const transactionPage = z.object({ transaction_details: z.array(z.object({ transaction_info: transactionInfo })).nullish(), total_pages: numberOrString.nullish() });
const userInfo = z.object({ payer_id: z.string().nullish(), user_id: z.string().nullish(), name: z.string().nullish(), emails: z.array(z.object({ value: z.string() })).nullish() });
const balances = z.object({ balances: z.array(z.object({ currency: z.string(), primary: z.boolean().nullish() })).nullish() });

const stamped = (d: ReturnType<typeof rangeBounds>["from"]) => d.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");

async function* transactions(ctx: ConnectorContext, account: Account, range: DateRange): AsyncIterable<TransactionInfo[]> {
  for (const slice of splitDateRange(range, 31)) {
    const { from, to } = rangeBounds(slice, "UTC");
    yield* paginate<TransactionInfo, number>(
      async (page = 1) => {
        const body = await ctx.http.json(
          {
            url: "/v1/reporting/transactions",
            account: account.id,
            query: { start_date: stamped(from), end_date: stamped(to.minus({ seconds: 1 })), fields: "transaction_info", page_size: PAGE_SIZE, page },
          },
          transactionPage,
        );
        return { items: (body.transaction_details ?? []).map((d) => d.transaction_info), next: page < num(body.total_pages) ? page + 1 : null };
      },
      { platform: PLATFORM },
    );
  }
}

/** T00xx payments, T11xx refunds, T04xx withdrawals... (https://developer.paypal.com/docs/transaction-search/transaction-event-codes/) */
export function eventGroup(code: string): string {
  const groups: Record<string, string> = { T00: "payment", T01: "fee", T03: "transfer", T04: "withdrawal", T11: "refund", T12: "reversal", T15: "hold", T16: "release" };
  return groups[code.slice(0, 3)] ?? "other";
}

export const paypalConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: { fixed: "UTC" },
  currency: "account",
  // Transactions appear up to 3 hours late and pending ones complete within days; refunds are new
  // transactions. 3 days re-reads the late and pending ones.
  restatementDays: 3,
  allowedHosts: ["api-m.paypal.com", "api-m.sandbox.paypal.com", "www.paypal.com"],
  defaultBaseUrl: "https://api-m.paypal.com",
  rateLimit: { maxConcurrent: 2 },
  oauth2: {
    authorizeUrl: "https://www.paypal.com/signin/authorize",
    tokenUrl: "https://api-m.paypal.com/v1/oauth2/token",
    scopes: ["openid", "https://uri.paypal.com/services/reporting/search/read"],
    clientAuth: "basic",
  },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "PayPal");
  },
  // {"name": "AUTHENTICATION_FAILURE", "message": "...", "debug_id": "..."}; NOT_AUTHORIZED for a missing scope.
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "PayPal",
    message: (b) => (b?.message ? `${b.message} (${b.name})` : b?.error_description),
    reconnect: "Reconnect PayPal to authorize access again.",
    isAuthError: (b) => b?.name === "AUTHENTICATION_FAILURE" || b?.error === "invalid_token",
  }),
  async check(ctx) {
    const me = await ctx.http.json({ url: "/v1/identity/oauth2/userinfo", query: { schema: "paypalv1.1" } }, userInfo);
    return { ok: true, identity: me.emails?.[0]?.value };
  },
  async listAccounts(ctx) {
    const me = await ctx.http.json({ url: "/v1/identity/oauth2/userinfo", query: { schema: "paypalv1.1" } }, userInfo);
    const held = await ctx.http.json({ url: "/v1/reporting/balances" }, balances);
    const primary = held.balances?.find((b) => b.primary) ?? held.balances?.[0];
    return [{ id: me.payer_id ?? me.user_id ?? "paypal", name: me.name ?? "PayPal", timezone: "UTC", currency: primary?.currency ?? "USD", status: "active" }];
  },
  reports: [
    {
      id: "transactions",
      name: "Transactions",
      description: "Payments, refunds, fees and withdrawals by day.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the transaction was initiated (UTC)."),
        dim("hour", "Hour", "HOUR", "Hour the transaction was initiated (UTC)."),
        dim("event_group", "Type", "TEXT", "payment, refund, fee, withdrawal, transfer, reversal, hold..."),
        dim("event_code", "Event code", "TEXT", "PayPal transaction event code (T0006...)."),
        dim("status", "Status", "TEXT", "S (success), P (pending), D (denied), V (reversed)."),
        dim("transaction_currency", "Currency", "TEXT", "Transaction currency."),
        metric("transactions", "Transactions", "NUMBER", "COUNT_DISTINCT", "Number of transactions."),
        metric("amount", "Gross amount", "CURRENCY", "SUM", "Gross amount (negative for money out)."),
        metric("fees", "Fees", "CURRENCY", "SUM", "PayPal fees (negative)."),
        metric("net", "Net amount", "CURRENCY", "SUM", "Amount plus fees."),
      ],
      fetch: (ctx, account, range) => transactions(ctx, account, range),
      record: (t: TransactionInfo) => ({
        ...stamp(t.transaction_initiation_date.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"), "UTC"),
        event_group: eventGroup(t.transaction_event_code),
        event_code: t.transaction_event_code,
        status: t.transaction_status,
        transaction_currency: t.transaction_amount.currency_code,
        transactions: t.transaction_id,
        amount: num(t.transaction_amount.value),
        fees: num(t.fee_amount?.value),
        net: Math.round((num(t.transaction_amount.value) + num(t.fee_amount?.value)) * 100) / 100,
      }),
    },
  ],
});
