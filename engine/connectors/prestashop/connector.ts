// PrestaShop Webservice on the merchant's host: {storeUrl}/api/<resource>
// (https://devdocs.prestashop-project.org/8/webservice/). The webservice key is sent as the
// HTTP Basic user with an empty password; output_format=JSON asks for JSON instead of XML.
// One key = one shop = one account; its timezone and default currency come from the
// configurations resource (PS_TIMEZONE, PS_CURRENCY_DEFAULT). date_add is stored in the shop's
// timezone, so the date filter is written in that zone.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { itemFields, ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { customerBaseUrl, num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { dimension as dim } from "../../core/field-defs.js";

const PLATFORM = "prestashop";
const PAGE_SIZE = 100;

// The webservice's JSON writes every column as a string ("12.500000", "1").
const prestaOrder = z.object({
  id: numberOrString,
  reference: z.string(),
  id_customer: numberOrString,
  current_state: numberOrString,
  valid: numberOrString,
  payment: z.string(),
  date_add: z.string(),
  total_paid_tax_incl: numberOrString,
  total_paid_tax_excl: numberOrString,
  total_products: numberOrString,
  total_shipping_tax_incl: numberOrString,
  total_discounts_tax_incl: numberOrString,
  conversion_rate: numberOrString,
  associations: z
    .object({
      order_rows: z.array(z.object({ product_id: numberOrString, product_reference: z.string(), product_name: z.string(), product_quantity: numberOrString, unit_price_tax_incl: numberOrString })).nullish(),
    })
    .nullish(),
});
export type PrestaOrder = z.infer<typeof prestaOrder>;
const configuration = z.object({ name: z.string(), value: z.string().nullable() });
const currencyAnswer = z.object({ currency: z.object({ iso_code: z.string().nullish() }).nullish() });

/** {"errors":[{"code":18,"message":"Invalid authentication key"}]} */
const prestaMessage = (body: { errors?: { code?: number; message?: string }[] }) => body?.errors?.map((e) => `${e.message} (code ${e.code})`).join("; ");

function shopUrl(credential: ConnectorContext["credential"]): string | undefined {
  const base = customerBaseUrl(credentialOption(credential, "storeUrl"), /\/api$/i);
  return base ? `${base}/api` : undefined;
}

/** A resource list: PrestaShop answers {"<resource>": [...]} and a bare [] when nothing matches. */
async function list<T>(ctx: ConnectorContext, resource: string, item: z.ZodType<T>, query: Record<string, string | number>, account?: string): Promise<T[]> {
  const answer = z.union([z.tuple([]), z.object({ [resource]: z.array(item).nullish() })]);
  const body = await ctx.http.json({ url: `/${resource}`, account, query: { output_format: "JSON", ...query } }, answer);
  return Array.isArray(body) ? [] : (body[resource] ?? []);
}

async function shop(ctx: ConnectorContext): Promise<Account> {
  const configs = await list(ctx, "configurations", configuration, { display: "[name,value]", "filter[name]": "[PS_SHOP_NAME|PS_TIMEZONE|PS_CURRENCY_DEFAULT]" });
  const value = (name: string) => configs.find((c) => c.name === name)?.value;
  const currencyId = value("PS_CURRENCY_DEFAULT");
  const currency = currencyId ? (await ctx.http.json({ url: `/currencies/${currencyId}`, query: { output_format: "JSON" } }, currencyAnswer)).currency?.iso_code : undefined;
  return { id: "shop", name: value("PS_SHOP_NAME") ?? "PrestaShop", timezone: value("PS_TIMEZONE") || "UTC", currency: currency ?? "EUR", status: "active" };
}

function orders(ctx: ConnectorContext, account: Account, range: DateRange) {
  const { from, to } = rangeBounds(range, account.timezone);
  const local = (d: typeof from) => d.toFormat("yyyy-MM-dd HH:mm:ss");
  // The interval filter on a date is inclusive and needs date=1 (https://devdocs.prestashop-project.org/8/webservice/tutorials/advanced-use/additional-list-parameters/).
  return paginate<PrestaOrder, number>(
    async (offset = 0) => {
      const items = await list(
        ctx,
        "orders",
        prestaOrder,
        { display: "full", date: 1, "filter[date_add]": `[${local(from)},${local(to.minus({ seconds: 1 }))}]`, sort: "[date_add_ASC,id_ASC]", limit: `${offset},${PAGE_SIZE}` },
        account.id,
      );
      return { items, next: items.length === PAGE_SIZE ? offset + PAGE_SIZE : null };
    },
    { platform: PLATFORM },
  );
}

/** Amounts are in the order's currency; conversion_rate converts them to the shop's default one. */
const base = (amount: string | number | undefined, o: PrestaOrder) => Math.round((num(amount) / (num(o.conversion_rate) || 1)) * 100) / 100;

export const prestashopConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Order states (payment accepted, shipped, refunded) change for weeks after the order is placed.
  restatementDays: 30,
  allowedHosts: ["store.prestashop.invalid"],
  defaultBaseUrl: "https://store.prestashop.invalid/api",
  baseUrlFor: shopUrl,
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2 },
  authorize(request, credential) {
    if (request.url.hostname.endsWith(".invalid")) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The PrestaShop store URL is missing or not https. Enter it as https://your-shop.com and reconnect." });
    }
    if (credential.type === "api-key") request.headers.authorization = `Basic ${Buffer.from(`${credential.key}:`).toString("base64")}`;
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "PrestaShop",
    message: prestaMessage,
    reconnect: "Check the webservice key is enabled with GET on orders, configurations and currencies (Advanced Parameters > Webservice) and reconnect.",
  }),
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
      description: "Orders placed in the shop, in its default currency.",
      fields: orderFields([dim("valid", "Valid", "BOOLEAN", "Whether the order counts as validated (paid) in PrestaShop."), dim("payment_method", "Payment method", "TEXT", "Payment module name.")], { refunds: false }),
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: PrestaOrder, account) => ({
        ...stamp(o.date_add, account.timezone, { format: "sql", sourceZone: account.timezone }),
        order_id: o.reference,
        status: o.current_state,
        valid: String(o.valid) === "1",
        payment_method: o.payment,
        orders: String(o.id),
        revenue: base(o.total_paid_tax_incl, o),
        subtotal: base(o.total_products, o),
        tax: Math.round((base(o.total_paid_tax_incl, o) - base(o.total_paid_tax_excl, o)) * 100) / 100,
        shipping: base(o.total_shipping_tax_incl, o),
        discount: base(o.total_discounts_tax_incl, o),
        items_ordered: (o.associations?.order_rows ?? []).reduce((s, r) => s + num(r.product_quantity), 0),
        customers: o.id_customer,
      }),
    },
    {
      id: "order_items",
      name: "Order items",
      description: "Product lines of the orders placed in the shop.",
      fields: itemFields(),
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: PrestaOrder, account) =>
        (o.associations?.order_rows ?? []).map((r) => ({
          ...stamp(o.date_add, account.timezone, { format: "sql", sourceZone: account.timezone }),
          sku: r.product_reference,
          product_name: r.product_name,
          orders: String(o.id),
          quantity: num(r.product_quantity),
          revenue: base(String(num(r.unit_price_tax_incl) * num(r.product_quantity)), o),
        })),
    },
  ],
});
