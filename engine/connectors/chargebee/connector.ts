// Chargebee API v2 on the merchant's site: https://{site}.chargebee.com/api/v2
// (https://apidocs.chargebee.com/docs/api). The API key is the HTTP Basic user with an empty
// password; the site comes from the form (options.site). Lists page with limit (max 100) and
// offset = the previous answer's next_offset; list filters take unix seconds
// (date[between]=[a,b]). Amounts are in the currency's minor unit. Chargebee has no endpoint for
// the site's timezone through the API, so days are UTC.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { fromMinorUnits } from "../stripe/currency.js";

const PLATFORM = "chargebee";
const PAGE_SIZE = 100;

// Amounts are integers in the currency's minor unit: https://apidocs.chargebee.com/docs/api/invoices#invoice_attributes
const invoice = z.object({
  id: z.string(),
  customer_id: z.string(),
  subscription_id: z.string().nullish(),
  status: z.string(),
  date: z.number(),
  total: z.number().nullish(),
  amount_paid: z.number().nullish(),
  amount_due: z.number().nullish(),
  tax: z.number().nullish(),
  sub_total: z.number().nullish(),
  credits_applied: z.number().nullish(),
  currency_code: z.string(),
});
export type Invoice = z.infer<typeof invoice>;
const subscription = z.object({
  id: z.string(),
  customer_id: z.string(),
  status: z.string(),
  created_at: z.number(),
  mrr: z.number().nullish(),
  currency_code: z.string(),
  billing_period_unit: z.string().nullish(),
});
export type Subscription = z.infer<typeof subscription>;
/** A list page: each entry wraps the resource under its name ({"invoice": {...}}), next_offset while there is more. */
const listPage = <T>(key: string, item: z.ZodType<T>) => z.object({ list: z.array(z.object({ [key]: item })), next_offset: z.string().nullish() });

function site(credential: ConnectorContext["credential"]): string | undefined {
  const raw = credentialOption(credential, "site")?.trim().toLowerCase().replace(/^https?:\/\//, "").replace(/\.chargebee\.com.*$/, "");
  return raw && /^[a-z0-9-]+$/.test(raw) ? raw : undefined;
}

function list<T>(ctx: ConnectorContext, account: Account, resource: string, key: string, item: z.ZodType<T>, filter: string, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  const page = listPage(key, item);
  return paginate<T, string>(
    async (offset) => {
      const body = await ctx.http.json(
        {
          url: `/${resource}`,
          account: account.id,
          query: { limit: PAGE_SIZE, offset, [`${filter}[between]`]: `[${from.toSeconds()},${to.toSeconds() - 1}]`, [`sort_by[asc]`]: filter },
        },
        page,
      );
      return { items: body.list.map((entry) => entry[key]), next: body.next_offset ?? undefined };
    },
    { platform: PLATFORM },
  );
}

const money = (amount: number | null | undefined, currency: string) => fromMinorUnits(amount ?? 0, currency);

export const chargebeeConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: "UTC" },
  currency: "account",
  // Invoices move from payment_due to paid (dunning retries run up to 30 days) and get credit
  // notes afterwards; subscriptions are cancelled at term end. 30 days covers dunning.
  restatementDays: 30,
  // The placeholder host is refused in authorize() with a config error; it is never called.
  allowedHosts: ["*.chargebee.com", "site.chargebee.invalid"],
  defaultBaseUrl: "https://site.chargebee.invalid/api/v2",
  baseUrlFor: (credential) => {
    const s = site(credential);
    return s ? `https://${s}.chargebee.com/api/v2` : undefined;
  },
  // Live sites allow 150 requests a minute on Starter plans (https://apidocs.chargebee.com/docs/api/error-handling#api_rate_limits).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 120, intervalMs: 60_000 } },
  authorize(request, credential) {
    if (request.url.hostname.endsWith(".invalid")) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The Chargebee site name is missing: it is the first part of your-site.chargebee.com. Reconnect with it." });
    }
    if (credential.type === "api-key") request.headers.authorization = `Basic ${Buffer.from(`${credential.key}:`).toString("base64")}`;
  },
  // {"message", "type", "api_error_code", "error_code", "http_status_code"}
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Chargebee",
    message: (b) => (b?.message ? `${b.message}${b.api_error_code ? ` (${b.api_error_code})` : ""}` : undefined),
    reconnect: "Create a read-only API key in Chargebee (Settings > Configure Chargebee > API keys) and reconnect.",
    isAuthError: (b) => b?.api_error_code === "api_authentication_failed",
  }),
  async check(ctx) {
    await ctx.http.json({ url: "/invoices", query: { limit: 1 } }, listPage("invoice", invoice));
    return { ok: true, identity: site(ctx.credential) };
  },
  async listAccounts(ctx) {
    const body = await ctx.http.json({ url: "/invoices", query: { limit: 1 } }, listPage("invoice", invoice));
    const s = site(ctx.credential) ?? "chargebee";
    return [{ id: s, name: s, timezone: "UTC", currency: body.list[0]?.invoice.currency_code ?? "USD", status: "active" }];
  },
  reportHelp: "Invoices (billing) or subscriptions (sign-ups and churn).",
  reports: [
    {
      id: "invoices",
      name: "Invoices",
      description: "Invoices dated in the range.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Invoice date (UTC)."),
        dim("status", "Status", "TEXT", "paid, posted, payment_due, not_paid, voided, pending."),
        dim("invoice_currency", "Currency", "TEXT", "Invoice currency."),
        metric("invoices", "Invoices", "NUMBER", "COUNT_DISTINCT", "Number of invoices."),
        metric("customers", "Customers", "NUMBER", "COUNT_DISTINCT", "Distinct customers invoiced."),
        metric("total", "Total", "CURRENCY", "SUM", "Invoice totals."),
        metric("amount_paid", "Amount paid", "CURRENCY", "SUM", "Amount paid."),
        metric("amount_due", "Amount due", "CURRENCY", "SUM", "Amount still due."),
        metric("tax", "Tax", "CURRENCY", "SUM", "Tax."),
        metric("subtotal", "Subtotal", "CURRENCY", "SUM", "Amount before tax and discounts."),
      ],
      fetch: (ctx, account, range) => list(ctx, account, "invoices", "invoice", invoice, "date", range),
      record: (i: Invoice) => ({
        date: stamp(i.date, "UTC", { format: "seconds" }).date,
        status: i.status,
        invoice_currency: i.currency_code,
        invoices: i.id,
        customers: i.customer_id,
        total: money(i.total, i.currency_code),
        amount_paid: money(i.amount_paid, i.currency_code),
        amount_due: money(i.amount_due, i.currency_code),
        tax: money(i.tax, i.currency_code),
        subtotal: money(i.sub_total, i.currency_code),
      }),
    },
    {
      id: "subscriptions",
      name: "Subscriptions",
      description: "Subscriptions created in the range, with their MRR.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day the subscription was created (UTC)."),
        dim("status", "Status", "TEXT", "future, in_trial, active, non_renewing, paused, cancelled."),
        dim("billing_period_unit", "Billing period", "TEXT", "month or year."),
        metric("subscriptions", "Subscriptions", "NUMBER", "COUNT_DISTINCT", "Subscriptions created."),
        metric("mrr", "MRR", "CURRENCY", "SUM", "Monthly recurring revenue of these subscriptions."),
      ],
      fetch: (ctx, account, range) => list(ctx, account, "subscriptions", "subscription", subscription, "created_at", range),
      record: (s: Subscription) => ({
        date: stamp(s.created_at, "UTC", { format: "seconds" }).date,
        status: s.status,
        billing_period_unit: s.billing_period_unit ?? null,
        subscriptions: s.id,
        mrr: money(s.mrr, s.currency_code),
      }),
    },
  ],
});
