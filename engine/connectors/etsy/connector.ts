// Etsy Open API v3 (https://developers.etsy.com/documentation/): OAuth 2.0 (authorization code
// with PKCE; tokens refreshed at api.etsy.com/v3/public/oauth/token) plus the app's keystring in
// x-api-key on every request. The user's shop (users/me -> shops/{id}) is the account, with its
// currency; Etsy timestamps are epoch seconds and shops expose no timezone, so days are UTC.
// Receipts page with limit (max 100) / offset against count; money is {amount, divisor}.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { itemFields, ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "etsy";
const PAGE_SIZE = 100;

/** Etsy money: an integer amount over a divisor (https://developers.etsy.com/documentation/reference#tag/Shop-Receipt). */
const moneySchema = z.object({ amount: z.number(), divisor: z.number(), currency_code: z.string() });
type Money = z.infer<typeof moneySchema>;
const receipt = z.object({
  receipt_id: z.number(),
  status: z.string(),
  created_timestamp: z.number(),
  buyer_user_id: z.number(),
  is_paid: z.boolean(),
  grandtotal: moneySchema.nullish(),
  subtotal: moneySchema.nullish(),
  total_shipping_cost: moneySchema.nullish(),
  total_tax_cost: moneySchema.nullish(),
  discount_amt: moneySchema.nullish(),
  refunds: z.array(z.object({ amount: moneySchema })).nullish(),
  transactions: z.array(z.object({ sku: z.string().nullable(), title: z.string(), quantity: numberOrString, price: moneySchema })),
});
export type Receipt = z.infer<typeof receipt>;
const receiptPage = z.object({ count: numberOrString, results: z.array(receipt) });
const me = z.object({ user_id: z.number(), shop_id: z.number().nullish() });
const shop = z.object({ shop_id: z.number(), shop_name: z.string(), currency_code: z.string().nullish(), is_vacation: z.boolean().nullish() });

const money = (m: Money | null | undefined) => (m ? m.amount / (m.divisor || 100) : 0);

function receipts(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  return paginate<Receipt, number>(
    async (offset = 0) => {
      const body = await ctx.http.json(
        {
          url: `/v3/application/shops/${account.id}/receipts`,
          account: account.id,
          query: { min_created: from.toSeconds(), max_created: to.toSeconds() - 1, limit: PAGE_SIZE, offset, sort_on: "created", sort_order: "asc" },
        },
        receiptPage,
      );
      const items = body.results;
      return { items, next: offset + items.length < num(body.count) && items.length > 0 ? offset + items.length : null };
    },
    { platform: PLATFORM },
  );
}

const when = (r: Receipt) => stamp(r.created_timestamp, "UTC", { format: "seconds" });

export const etsyConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: { fixed: "UTC" },
  currency: "account",
  // Receipts are shipped, completed or refunded (cases run 30 days after delivery) after the sale.
  restatementDays: 30,
  allowedHosts: ["openapi.etsy.com", "api.etsy.com", "www.etsy.com"],
  defaultBaseUrl: "https://openapi.etsy.com",
  supportsHourly: true,
  // 10 requests per second and 10,000 per day per app (https://developers.etsy.com/documentation/essentials/rate-limits).
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 8, intervalMs: 1000 } },
  oauth2: {
    authorizeUrl: "https://www.etsy.com/oauth/connect",
    tokenUrl: "https://api.etsy.com/v3/public/oauth/token",
    scopes: ["transactions_r", "shops_r"],
  },
  authorize(request, credential, app) {
    if (credential.type !== "oauth2") throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Etsy connects with OAuth 2.0. Reconnect the source." });
    if (!app?.clientId) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Etsy app keystring (ETSY_CLIENT_ID) is not configured on this server." });
    request.headers.authorization = `Bearer ${credential.accessToken}`;
    request.headers["x-api-key"] = app.clientId;
  },
  // {"error": "Invalid API key"} / {"error": "invalid_token", "error_description": "..."}
  classifyError: platformErrors({ platform: PLATFORM, displayName: "Etsy", message: (b) => b?.error_description ?? b?.error, reconnect: "Reconnect Etsy to authorize access to the shop again." }),
  async check(ctx) {
    const user = await ctx.http.json({ url: "/v3/application/users/me" }, me);
    return { ok: true, identity: String(user.user_id) };
  },
  async listAccounts(ctx) {
    const user = await ctx.http.json({ url: "/v3/application/users/me" }, me);
    if (!user.shop_id) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Etsy user has no shop. Connect with the shop owner's Etsy account." });
    const found = await ctx.http.json({ url: `/v3/application/shops/${user.shop_id}` }, shop);
    return [{ id: String(found.shop_id), name: found.shop_name, timezone: "UTC", currency: found.currency_code || "USD", status: "active" }];
  },
  reportHelp: "Receipts (one row per order) or their transactions (one row per listing sold).",
  reports: [
    {
      id: "orders",
      name: "Receipts",
      description: "Shop receipts (orders) by the day they were created.",
      fields: orderFields([dim("paid", "Paid", "BOOLEAN", "Whether the receipt is paid.")]),
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => receipts(ctx, account, range),
      record: (r: Receipt) => ({
        ...when(r),
        order_id: String(r.receipt_id),
        status: r.status,
        paid: r.is_paid,
        orders: r.receipt_id,
        revenue: money(r.grandtotal),
        subtotal: money(r.subtotal),
        tax: money(r.total_tax_cost),
        shipping: money(r.total_shipping_cost),
        discount: money(r.discount_amt),
        refunded: (r.refunds ?? []).reduce((s, x) => s + money(x.amount), 0),
        items_ordered: r.transactions.reduce((s, t) => s + num(t.quantity), 0),
        customers: String(r.buyer_user_id),
      }),
    },
    {
      id: "order_items",
      name: "Transactions",
      description: "Listings sold, by the day of their receipt.",
      fields: itemFields(),
      fetch: (ctx, account, range) => receipts(ctx, account, range),
      record: (r: Receipt) => r.transactions.map((t) => ({ ...when(r), sku: t.sku, product_name: t.title, orders: r.receipt_id, quantity: num(t.quantity), revenue: money(t.price) * num(t.quantity) })),
    },
  ],
});
