// Etsy Open API v3 (https://developers.etsy.com/documentation/): OAuth 2.0 (authorization code
// with PKCE; tokens refreshed at api.etsy.com/v3/public/oauth/token) plus the app's keystring in
// x-api-key on every request. The user's shop (users/me -> shops/{id}) is the account, with its
// currency; Etsy timestamps are epoch seconds and shops expose no timezone, so days are UTC.
// Receipts page with limit (max 100) / offset against count; money is {amount, divisor}.
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { itemFields, ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "etsy";
const PAGE_SIZE = 100;

interface Money {
  amount: number;
  divisor: number;
  currency_code: string;
}
export interface Receipt {
  receipt_id: number;
  status: string;
  created_timestamp: number;
  buyer_user_id: number;
  is_paid: boolean;
  grandtotal: Money;
  subtotal: Money;
  total_shipping_cost: Money;
  total_tax_cost: Money;
  discount_amt: Money;
  refunds?: { amount: Money }[];
  transactions: { sku: string | null; title: string; quantity: number; price: Money }[];
}

const money = (m: Money | undefined) => (m ? m.amount / (m.divisor || 100) : 0);

function receipts(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  return paginate<Receipt, number>(
    async (offset = 0) => {
      const body = await ctx.http.json<{ count: number; results: Receipt[] }>({
        url: `/v3/application/shops/${account.id}/receipts`,
        account: account.id,
        query: { min_created: from.toSeconds(), max_created: to.toSeconds() - 1, limit: PAGE_SIZE, offset, sort_on: "created", sort_order: "asc" },
      });
      const items = body?.results ?? [];
      return { items, next: offset + items.length < num(body?.count) && items.length > 0 ? offset + items.length : null };
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
    const me = await ctx.http.json<{ user_id: number; shop_id?: number }>({ url: "/v3/application/users/me" });
    return { ok: true, identity: String(me.user_id) };
  },
  async listAccounts(ctx) {
    const me = await ctx.http.json<{ user_id: number; shop_id?: number }>({ url: "/v3/application/users/me" });
    if (!me.shop_id) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Etsy user has no shop. Connect with the shop owner's Etsy account." });
    const shop = await ctx.http.json<{ shop_id: number; shop_name: string; currency_code: string; is_vacation?: boolean }>({ url: `/v3/application/shops/${me.shop_id}` });
    return [{ id: String(shop.shop_id), name: shop.shop_name, timezone: "UTC", currency: shop.currency_code || "USD", status: "active" }];
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
