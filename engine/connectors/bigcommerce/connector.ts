// BigCommerce REST API: https://api.bigcommerce.com/stores/{store_hash}/v2|v3/...
// (https://developer.bigcommerce.com/docs/start/authentication/api-accounts). A store-level API
// account token goes in X-Auth-Token; the store hash comes from the form (options.storeHash).
// Orders are only listed by the V2 Orders API (https://developer.bigcommerce.com/docs/rest-management/orders),
// which answers 204 No Content for an empty page. The store's IANA zone and default currency
// come from GET /v2/store.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "bigcommerce";
/** V2 Orders: limit up to 250. */
const PAGE_SIZE = 250;

const storeAnswer = z.object({ id: numberOrString, name: z.string(), domain: z.string().nullish(), currency: z.string().nullish(), timezone: z.object({ name: z.string().nullish() }).nullish() });
// V2 amounts are decimal strings ("12.5000"): https://developer.bigcommerce.com/docs/rest-management/orders#get-all-orders
const bigCommerceOrder = z.object({
  id: z.number(),
  date_created: z.string(),
  status: z.string(),
  customer_id: z.number(),
  billing_address: z.object({ email: z.string().nullish() }).nullish(),
  total_inc_tax: numberOrString,
  total_tax: numberOrString,
  subtotal_ex_tax: numberOrString,
  shipping_cost_inc_tax: numberOrString,
  discount_amount: numberOrString,
  coupon_discount: numberOrString,
  refunded_amount: numberOrString,
  items_total: numberOrString,
  payment_method: z.string().nullish(),
  currency_code: z.string().nullish(),
  channel_id: z.number().nullish(),
});
export type BigCommerceOrder = z.infer<typeof bigCommerceOrder>;
/** An empty page is 204 No Content, read as null. */
const orderPage = z.array(bigCommerceOrder).nullable();

/** V2 errors are [{status, message}]; V3 ones {status, title, detail}. */
const bcMessage = (body: any): string | undefined => (Array.isArray(body) ? body.map((e) => e?.message).filter(Boolean).join("; ") : body?.detail || body?.title);

function storeHash(ctx: ConnectorContext): string {
  const hash = credentialOption(ctx.credential, "storeHash")?.trim().replace(/^stores\//, "");
  if (!hash || !/^[a-z0-9]+$/i.test(hash)) {
    throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The BigCommerce store hash is missing: it is the part after /stores/ in the API path of your API account. Reconnect with it." });
  }
  return hash;
}

async function store(ctx: ConnectorContext): Promise<Account> {
  const hash = storeHash(ctx);
  const s = await ctx.http.json({ url: `/stores/${hash}/v2/store` }, storeAnswer);
  return { id: hash, name: s.name, timezone: s.timezone?.name || "UTC", currency: s.currency || "USD", status: "active" };
}

function orders(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  return paginate<BigCommerceOrder, number>(
    async (page = 1) => {
      const items =
        (await ctx.http.json(
          {
            url: `/stores/${account.id}/v2/orders`,
            account: account.id,
            // max_date_created is inclusive: stop one second before the next day.
            query: { min_date_created: from.toISO({ suppressMilliseconds: true }), max_date_created: to.minus({ seconds: 1 }).toISO({ suppressMilliseconds: true }), sort: "date_created:asc", page, limit: PAGE_SIZE },
          },
          orderPage,
        )) ?? [];
      return { items, next: items.length === PAGE_SIZE ? page + 1 : null };
    },
    { platform: PLATFORM },
  );
}

export const bigcommerceConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Status (shipped, refunded, cancelled) and refunded_amount move with fulfilment and returns.
  restatementDays: 30,
  allowedHosts: ["api.bigcommerce.com"],
  defaultBaseUrl: "https://api.bigcommerce.com",
  supportsHourly: true,
  // Store API quotas are per plan (150 requests per 30 s on Standard): stay well below.
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 100, intervalMs: 30_000 } },
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers["x-auth-token"] = credential.key;
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "BigCommerce",
    message: bcMessage,
    reconnect: "Create a store API account with Orders (read-only) and Information & Settings (read-only) scopes, then reconnect with its access token.",
    // 429s carry X-Rate-Limit-Time-Reset-Ms instead of Retry-After (https://developer.bigcommerce.com/docs/start/best-practices/api-rate-limits).
    retryAfterMs: (r) => {
      const ms = Number(r.headers.get("x-rate-limit-time-reset-ms"));
      return Number.isFinite(ms) && ms > 0 ? ms : undefined;
    },
  }),
  async check(ctx) {
    return { ok: true, identity: (await store(ctx)).name };
  },
  async listAccounts(ctx) {
    return [await store(ctx)];
  },
  reports: [
    {
      id: "orders",
      name: "Orders",
      description: "Orders placed in the store (V2 Orders API), in the store's default currency.",
      fields: orderFields([dim("payment_method", "Payment method", "TEXT", "Payment method name."), dim("order_currency", "Order currency", "TEXT", "Currency the shopper paid in."), dim("channel_id", "Channel", "TEXT", "Sales channel id (1 = storefront).")]),
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: BigCommerceOrder, account) => ({
        // date_created is RFC 2822 ("Tue, 07 Jan 2025 09:00:00 +0000").
        ...stamp(o.date_created, account.timezone, { format: "iso" }),
        order_id: String(o.id),
        status: o.status,
        payment_method: o.payment_method ?? null,
        order_currency: o.currency_code ?? null,
        channel_id: o.channel_id == null ? null : String(o.channel_id),
        orders: o.id,
        revenue: num(o.total_inc_tax),
        subtotal: num(o.subtotal_ex_tax),
        tax: num(o.total_tax),
        shipping: num(o.shipping_cost_inc_tax),
        discount: num(o.discount_amount) + num(o.coupon_discount),
        refunded: num(o.refunded_amount),
        items_ordered: num(o.items_total),
        customers: o.customer_id ? String(o.customer_id) : (o.billing_address?.email ?? null),
      }),
    },
  ],
});
