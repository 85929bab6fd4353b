// Magento 2 (Adobe Commerce) REST API on the merchant's own host: {storeUrl}/rest/V1/...
// https://developer.adobe.com/commerce/webapi/rest/. Integrations authenticate with OAuth 1.0a
// signed requests (consumer key/secret + access token/secret): since 2.4.4 the access token is no
// longer accepted as a Bearer token unless the admin re-enables it
// (https://developer.adobe.com/commerce/webapi/get-started/authentication/gs-authentication-oauth/),
// so every request is signed. Accounts are store views; orders are read per store_id.
import { DateTime } from "luxon";
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { signOAuth1 } from "../../core/oauth1.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { customerBaseUrl, num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { ITEM_FIELDS, ORDER_DERIVED, ORDER_FIELDS } from "./fields.js";

const PLATFORM = "magento";
/** Magento caps searchCriteria[pageSize] at 300 by default (webapi/search_criteria/max_page_size). */
const PAGE_SIZE = 100;

const storeViews = z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), website_id: z.number(), is_active: z.number().nullish() }));
const storeConfigs = z.array(z.object({ id: z.number(), code: z.string(), timezone: z.string().nullish(), base_currency_code: z.string().nullish(), base_url: z.string().nullish() }));
// Amounts are decimals, read with num(): https://developer.adobe.com/commerce/webapi/rest/tutorials/orders/order-create-order/
const magentoOrder = z.object({
  entity_id: z.number(),
  increment_id: z.string(),
  created_at: z.string(),
  status: z.string(),
  state: z.string(),
  store_id: z.number(),
  customer_email: z.string().nullish(),
  customer_is_guest: z.number().nullish(),
  order_currency_code: z.string().nullish(),
  base_grand_total: numberOrString.nullish(),
  base_subtotal: numberOrString.nullish(),
  base_tax_amount: numberOrString.nullish(),
  base_shipping_amount: numberOrString.nullish(),
  base_discount_amount: numberOrString.nullish(),
  base_total_refunded: numberOrString.nullish(),
  total_qty_ordered: numberOrString.nullish(),
  payment: z.object({ method: z.string().nullish() }).nullish(),
  items: z
    .array(
      z.object({
        item_id: z.number(),
        parent_item_id: z.number().nullish(),
        sku: z.string(),
        name: z.string(),
        product_type: z.string(),
        qty_ordered: numberOrString,
        base_row_total: numberOrString,
        base_discount_amount: numberOrString.nullish(),
      }),
    )
    .nullish(),
});
export type MagentoOrder = z.infer<typeof magentoOrder>;
const orderSearch = z.object({ items: z.array(magentoOrder), total_count: z.number() });

/** "The consumer isn't authorized to access %resources." with parameters {resources: ...} or [..] for %1. */
export function magentoMessage(body: { message?: string; parameters?: Record<string, string> | string[] }): string | undefined {
  if (!body?.message) return undefined;
  const params = body.parameters ?? {};
  return body.message.replace(/%(\w+)/g, (whole, key: string) => {
    const value = Array.isArray(params) ? params[Number(key) - 1] : params[key];
    return value === undefined ? whole : String(value);
  });
}

function storeUrl(credential: ConnectorContext["credential"]): string | undefined {
  const base = customerBaseUrl(credentialOption(credential, "storeUrl"), /\/(index\.php\/)?rest(\/V1)?$/i);
  return base ? `${base}/rest` : undefined;
}

/** searchCriteria on created_at (UTC in the database) and store_id, oldest first. */
export function orderCriteria(range: DateRange, zone: string, storeId: string, page: number): Record<string, string | number> {
  const { from, to } = rangeBounds(range, zone);
  const sql = (d: DateTime) => d.toUTC().toFormat("yyyy-MM-dd HH:mm:ss");
  const f = (group: number, field: string, value: string, condition: string) => ({
    [`searchCriteria[filter_groups][${group}][filters][0][field]`]: field,
    [`searchCriteria[filter_groups][${group}][filters][0][value]`]: value,
    [`searchCriteria[filter_groups][${group}][filters][0][condition_type]`]: condition,
  });
  return {
    ...f(0, "created_at", sql(from), "gteq"),
    ...f(1, "created_at", sql(to), "lt"),
    ...f(2, "store_id", storeId, "eq"),
    "searchCriteria[sortOrders][0][field]": "created_at",
    "searchCriteria[sortOrders][0][direction]": "ASC",
    "searchCriteria[pageSize]": PAGE_SIZE,
    "searchCriteria[currentPage]": page,
  };
}

function orders(ctx: ConnectorContext, account: Account, range: DateRange) {
  // Magento answers a currentPage past the end with the last page again: stop on total_count.
  return paginate<MagentoOrder, number>(
    async (page = 1) => {
      const result = await ctx.http.json({ url: "/V1/orders", account: account.id, query: orderCriteria(range, account.timezone, account.id, page) }, orderSearch);
      return { items: result.items, next: page * PAGE_SIZE < result.total_count ? page + 1 : null };
    },
    { platform: PLATFORM },
  );
}

const when = (o: MagentoOrder, zone: string) => stamp(o.created_at, zone, { format: "sql" });

export const magentoConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Orders move through invoice, shipment and credit memo for weeks after they are placed
  // (status, base_total_refunded); 30 days covers the usual return window.
  restatementDays: 30,
  allowedHosts: ["store.magento.invalid"],
  defaultBaseUrl: "https://store.magento.invalid/rest",
  baseUrlFor: storeUrl,
  supportsHourly: true,
  // Magento has no REST quota of its own; stores are often small servers.
  rateLimit: { maxConcurrent: 2 },

  authorize(request, credential) {
    if (credential.type !== "api-key") return;
    if (request.url.hostname.endsWith(".invalid")) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The Magento store URL is missing or not https. Enter it as https://your-store.com and reconnect." });
    }
    const token = credentialOption(credential, "accessToken");
    const tokenSecret = credentialOption(credential, "accessTokenSecret");
    if (!credential.secret || !token || !tokenSecret) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The Magento integration needs its consumer key and secret and its access token and secret: copy all four from System > Integrations and reconnect." });
    }
    // Query parameters enter the base string decoded (RFC 5849 §3.4.1.3.1); handing the library the
    // encoded URL would sign searchCriteria%5B...%5D twice-encoded, which Magento rejects.
    const bare = new URL(request.url);
    bare.search = "";
    const extra = Object.fromEntries(request.url.searchParams);
    request.headers.authorization = signOAuth1({ key: credential.key, secret: credential.secret }, { token, tokenSecret }, { method: request.method, url: bare.toString(), form: request.form, extra });
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Magento",
    message: magentoMessage,
    reconnect: "Check the integration is active in System > Integrations (re-activate it to get new tokens) and reconnect.",
  }),

  async check(ctx) {
    const views = await ctx.http.json({ url: "/V1/store/storeViews" }, storeViews);
    return { ok: true, identity: views.find((v) => v.id !== 0)?.name };
  },
  async listAccounts(ctx) {
    const [views, configs] = await Promise.all([
      ctx.http.json({ url: "/V1/store/storeViews" }, storeViews),
      ctx.http.json({ url: "/V1/store/storeConfigs" }, storeConfigs),
    ]);
    // Store 0 is the admin scope, never a storefront.
    return views
      .filter((v) => v.id !== 0)
      .map((v) => {
        const config = configs.find((c) => c.id === v.id);
        return { id: String(v.id), name: v.name, timezone: config?.timezone || "UTC", currency: config?.base_currency_code || "USD", status: v.is_active === 0 ? "disabled" : "active" };
      });
  },
  reportHelp: "Orders (one row per order) or order items (one row per product line).",
  reports: [
    {
      id: "orders",
      name: "Orders",
      description: "Orders placed in the store view, in its base currency.",
      fields: ORDER_FIELDS,
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: MagentoOrder, account) => ({
        ...when(o, account.timezone),
        order_id: o.increment_id,
        status: o.status,
        state: o.state,
        customer_type: o.customer_is_guest ? "guest" : "registered",
        order_currency: o.order_currency_code ?? null,
        payment_method: o.payment?.method ?? null,
        orders: o.entity_id,
        revenue: num(o.base_grand_total),
        subtotal: num(o.base_subtotal),
        tax: num(o.base_tax_amount),
        shipping: num(o.base_shipping_amount),
        discount: num(o.base_discount_amount),
        refunded: num(o.base_total_refunded),
        items_ordered: num(o.total_qty_ordered),
        customers: o.customer_email ?? null,
      }),
    },
    {
      id: "order_items",
      name: "Order items",
      description: "Product lines of the orders placed in the store view.",
      fields: ITEM_FIELDS,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      // Configurable products list the parent (with the price) and a child (price 0): keep parents.
      record: (o: MagentoOrder, account) =>
        (o.items ?? [])
          .filter((i) => !i.parent_item_id)
          .map((i) => ({ ...when(o, account.timezone), sku: i.sku, product_name: i.name, product_type: i.product_type, orders: o.entity_id, quantity: num(i.qty_ordered), revenue: num(i.base_row_total), discount: num(i.base_discount_amount) })),
    },
  ],
});
