// CommentSold partner API (v2, per shop): https://api.commentsold.com/api/2.0/{shopId}/...
// The token goes as a Bearer token; the form sends it as key (and secret, spec 3 §7) and the shop
// id as options.shopId. CommentSold's reference sits behind its partner portal, so this follows
// the shapes its partners receive: Laravel-style paginated lists ({data, meta: {current_page,
// last_page}}, page/per_page), created_at in UTC ISO-8601, errors as {message} (e.g.
// "Unauthenticated."). One shop = one account; its timezone and currency come from /shop.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { itemFields, ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "comment-sold";
const PAGE_SIZE = 100;

// Amounts are read with num(): Laravel back ends send decimals as numbers or strings.
const csOrder = z.object({
  id: z.number(),
  created_at: z.string(),
  status: z.string(),
  source: z.string().nullish(),
  customer_id: numberOrString,
  subtotal: numberOrString.nullish(),
  shipping: numberOrString.nullish(),
  tax: numberOrString.nullish(),
  discount: numberOrString.nullish(),
  total: numberOrString.nullish(),
  refunded: numberOrString.nullish(),
  items: z.array(z.object({ sku: z.string(), product_name: z.string(), quantity: numberOrString, price: numberOrString })),
});
export type CsOrder = z.infer<typeof csOrder>;
const orderPage = z.object({ data: z.array(csOrder), meta: z.object({ current_page: z.number().nullish(), last_page: z.number().nullish() }).nullish() });
const shopAnswer = z.object({ data: z.object({ id: numberOrString, name: z.string(), timezone: z.string().nullish(), currency: z.string().nullish() }) });

function shopId(ctx: ConnectorContext): string {
  const id = credentialOption(ctx.credential, "shopId")?.trim();
  if (!id) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The CommentSold shop id is missing. Reconnect with the shop id shown in your CommentSold admin." });
  return encodeURIComponent(id);
}

async function shop(ctx: ConnectorContext): Promise<Account> {
  const id = shopId(ctx);
  const { data } = await ctx.http.json({ url: `/${id}/shop` }, shopAnswer);
  return { id: decodeURIComponent(id), name: data.name, timezone: data.timezone || "America/Chicago", currency: data.currency || "USD", status: "active" };
}

function orders(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  return paginate<CsOrder, number>(
    async (page = 1) => {
      const body = await ctx.http.json(
        {
          url: `/${encodeURIComponent(account.id)}/orders`,
          account: account.id,
          query: { start_date: from.toUTC().toISO({ suppressMilliseconds: true }), end_date: to.toUTC().toISO({ suppressMilliseconds: true }), page, per_page: PAGE_SIZE },
        },
        orderPage,
      );
      const last = body.meta?.last_page ?? page;
      return { items: body.data, next: page < last ? page + 1 : null };
    },
    { platform: PLATFORM },
  );
}

const when = (o: CsOrder, account: Account) => stamp(o.created_at, account.timezone);

export const commentSoldConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Live-sale orders are often paid and shipped days after the comment that created them, and
  // unpaid ones are cancelled after the shop's hold period: 14 days covers both.
  restatementDays: 14,
  allowedHosts: ["api.commentsold.com"],
  defaultBaseUrl: "https://api.commentsold.com/api/2.0",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2, reservoir: { amount: 60, intervalMs: 60_000 } },
  classifyError: platformErrors({ platform: PLATFORM, displayName: "CommentSold", message: (b) => b?.message, reconnect: "Create a new API token in CommentSold and reconnect." }),
  async check(ctx) {
    return { ok: true, identity: (await shop(ctx)).name };
  },
  async listAccounts(ctx) {
    return [await shop(ctx)];
  },
  reportHelp: "Orders (one row per order) or order items (one row per product line).",
  reports: [
    {
      id: "orders",
      name: "Orders",
      description: "Orders placed in the shop (live sales, webstore, app).",
      fields: orderFields([dim("source", "Source", "TEXT", "Where the order came from: live sale, webstore, app...")]),
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: CsOrder, account) => ({
        ...when(o, account),
        order_id: String(o.id),
        status: o.status,
        source: o.source ?? null,
        orders: o.id,
        revenue: num(o.total),
        subtotal: num(o.subtotal),
        tax: num(o.tax),
        shipping: num(o.shipping),
        discount: num(o.discount),
        refunded: num(o.refunded),
        items_ordered: o.items.reduce((s, i) => s + num(i.quantity), 0),
        customers: String(o.customer_id),
      }),
    },
    {
      id: "order_items",
      name: "Order items",
      description: "Product lines of the orders.",
      fields: itemFields(),
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: CsOrder, account) => o.items.map((i) => ({ ...when(o, account), sku: i.sku, product_name: i.product_name, orders: o.id, quantity: num(i.quantity), revenue: num(i.price) * num(i.quantity) })),
    },
  ],
});
