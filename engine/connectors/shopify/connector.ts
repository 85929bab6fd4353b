// Shopify: Admin GraphQL API on the shop's own myshopify.com domain, authenticated with a custom
// app's Admin API access token in X-Shopify-Access-Token
// (https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/generate-app-access-tokens-admin).
// One credential = one shop = one account.
import { DateTime } from "luxon";
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import { redact } from "../../core/redact.js";
import type { Account, Connector, ConnectorContext, Credential, DateRange, Row } from "../../core/types.js";
import { errorBody } from "../shared/answers.js";
import { numOrNull, recordsConnector, type RecordReport } from "../shared/records.js";
import { REPORT_HELP, SHOPIFY_FIELDS, SHOPIFY_REPORTS } from "./fields.js";
import { createShopifyGraphql } from "./graphql.js";
import {
  LINE_ITEMS_PAGE_SIZE,
  MORE_LINE_ITEMS_PAGE_SIZE,
  MORE_LINE_ITEMS_QUERY,
  moreLineItemsData,
  ORDERS_PAGE_SIZE,
  ORDERS_QUERY,
  ORDERS_WITH_LINES_QUERY,
  PRODUCT_ORDERS_PAGE_SIZE,
  SHOP_QUERY,
  shopData,
  ordersData,
  type LineItemNode,
  type Money,
  type OrderNode,
  type ShopData,
} from "./queries.js";

const PLATFORM = "shopify";
/** REST-style error bodies: `errors` is a sentence or an object of sentences, quoted as is. */
const restErrorBody = z.object({ errors: z.unknown().optional() });
/** Without read_all_orders the orders query silently stops at 60 days back: https://shopify.dev/docs/api/usage/access-scopes#orders-permissions */
const DEFAULT_ORDER_HISTORY_DAYS = 60;

/** "my-shop", "my-shop.myshopify.com" or "https://my-shop.myshopify.com/admin" give "my-shop.myshopify.com". */
export function shopDomain(credential: Credential): string | undefined {
  const raw = credentialOption(credential, "shop")?.trim().toLowerCase();
  if (!raw) return undefined;
  const host = raw.replace(/^https?:\/\//, "").split("/")[0];
  const handle = host.endsWith(".myshopify.com") ? host.slice(0, -".myshopify.com".length) : host;
  return /^[a-z0-9][a-z0-9-]*$/.test(handle) ? `${handle}.myshopify.com` : undefined;
}

function requireShop(ctx: ConnectorContext): void {
  // A baseUrl override (a fake) stands in for the shop's domain.
  if (ctx.baseUrl || shopDomain(ctx.credential)) return;
  throw new ConnectorError({
    kind: "config",
    platform: PLATFORM,
    message: 'The Shopify shop is missing or malformed. Enter the shop as "your-shop.myshopify.com".',
  });
}

/** A money set as a number; null when Shopify left it out (unknown is not 0). */
const amount = (money: Money | null | undefined): number | null => numOrNull(money?.shopMoney?.amount);
const minus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);
const numericId = (gid: string | undefined) => gid?.split("/").pop() ?? null;

function orderDimensions(order: OrderNode, zone: string): Row {
  const at = DateTime.fromISO(order.createdAt, { zone });
  return {
    date: at.toFormat("yyyy-MM-dd"),
    hour: at.hour,
    order_id: order.legacyResourceId ?? numericId(order.id),
    order_name: order.name,
    financial_status: order.displayFinancialStatus,
    fulfillment_status: order.displayFulfillmentStatus,
    source_name: order.sourceName,
    cancelled: order.cancelledAt !== null,
    shipping_country: order.shippingAddress?.countryCodeV2 ?? null,
    discount_code: order.discountCode,
  };
}

function orderRecord(order: OrderNode, zone: string): Row {
  const total = amount(order.totalPriceSet);
  const refunds = amount(order.totalRefundedSet);
  return {
    ...orderDimensions(order, zone),
    orders: order.id,
    items: order.subtotalLineItemsQuantity ?? null,
    gross_sales: amount(order.totalLineItemsPriceSet),
    discounts: amount(order.totalDiscountsSet),
    subtotal: amount(order.subtotalPriceSet),
    shipping: amount(order.totalShippingPriceSet),
    taxes: amount(order.totalTaxSet),
    total_sales: total,
    refunds,
    net_total: minus(total, refunds),
  };
}

function lineRecord(order: OrderNode, line: LineItemNode, zone: string): Row {
  const gross = amount(line.originalTotalSet);
  const discounts = amount(line.totalDiscountSet);
  return {
    ...orderDimensions(order, zone),
    product_id: line.product?.legacyResourceId ?? null,
    product_title: line.product?.title ?? line.name,
    variant_id: line.variant?.legacyResourceId ?? null,
    variant_title: line.variantTitle,
    sku: line.sku,
    vendor: line.vendor,
    orders: order.id,
    quantity: line.quantity ?? null,
    gross_sales: gross,
    discounts,
    net_sales: minus(gross, discounts),
  };
}

/** Shopify search syntax on created_at, with the day boundaries of the shop's timezone: https://shopify.dev/docs/api/usage/search-syntax */
export function createdAtQuery(range: { start: string; end: string }, zone: string): string {
  const from = DateTime.fromISO(range.start, { zone }).startOf("day");
  const to = DateTime.fromISO(range.end, { zone }).plus({ days: 1 }).startOf("day");
  const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true });
  return `created_at:>='${iso(from)}' AND created_at:<'${iso(to)}'`;
}

async function shopInfo(ctx: ConnectorContext): Promise<ShopData> {
  requireShop(ctx);
  return createShopifyGraphql(ctx).query(SHOP_QUERY, shopData);
}

type Graphql = ReturnType<typeof createShopifyGraphql>;

function orderPages(gql: Graphql, query: string, withLines: boolean) {
  return paginate<OrderNode, string>(
    async (after) => {
      const data = withLines
        ? await gql.query(ORDERS_WITH_LINES_QUERY, ordersData, { first: PRODUCT_ORDERS_PAGE_SIZE, after, query, lines: LINE_ITEMS_PAGE_SIZE })
        : await gql.query(ORDERS_QUERY, ordersData, { first: ORDERS_PAGE_SIZE, after, query });
      const page = data.orders;
      return { items: page.nodes, next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
    },
    { platform: PLATFORM },
  );
}

async function allLineItems(gql: Graphql, order: OrderNode): Promise<LineItemNode[]> {
  const first = order.lineItems ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  if (!first.pageInfo.hasNextPage) return first.nodes;
  const lines = [...first.nodes];
  const more = paginate<LineItemNode, string>(
    async (after) => {
      const data = await gql.query(MORE_LINE_ITEMS_QUERY, moreLineItemsData, {
        id: order.id,
        first: MORE_LINE_ITEMS_PAGE_SIZE,
        after: after ?? first.pageInfo.endCursor,
      });
      const page = data.order?.lineItems;
      return { items: page?.nodes ?? [], next: page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
    },
    { platform: PLATFORM },
  );
  for await (const page of more) lines.push(...page);
  return lines;
}

/**
 * The range's orders, sorted by creation time; for the products report each with all its line
 * items. Test orders (bogus gateway) are not sales; Shopify's own reports leave them out too.
 */
async function* orders(ctx: ConnectorContext, account: Account, range: DateRange, withLines: boolean): AsyncGenerator<{ order: OrderNode; lines: LineItemNode[] }[]> {
  requireShop(ctx);
  const gql = createShopifyGraphql(ctx);
  const zone = account.timezone;
  const oldest = DateTime.now().setZone(zone).minus({ days: DEFAULT_ORDER_HISTORY_DAYS }).toFormat("yyyy-MM-dd");
  if (range.start < oldest) {
    ctx.log?.info("shopify orders older than 60 days need the read_all_orders scope", { shop: account.id, start: range.start });
  }
  for await (const page of orderPages(gql, createdAtQuery(range, zone), withLines)) {
    const items = [];
    for (const order of page) if (!order.test) items.push({ order, lines: withLines ? await allLineItems(gql, order) : [] });
    yield items;
  }
}

/** Orders come sorted by creation time, so each finished day is handed on at once. */
const report = (id: string, withLines: boolean, record: RecordReport<{ order: OrderNode; lines: LineItemNode[] }>["record"], rest: Partial<RecordReport> = {}): RecordReport => ({
  ...SHOPIFY_REPORTS.find((r) => r.id === id)!,
  fields: SHOPIFY_FIELDS[id],
  ordered: true,
  fetch: (ctx, account, range) => orders(ctx, account, range, withLines),
  record,
  ...rest,
});

export function createShopifyConnector(): Connector {
  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    timezone: "account",
    currency: "account",
    // Orders are revised after the fact: refunds, returns, edits and cancellations change
    // totalRefundedSet and the statuses of orders already read. Most return policies run 30 days
    // (https://help.shopify.com/en/manual/fulfillment/managing-orders/returns), so the last 30 days are re-read.
    restatementDays: 30,
    allowedHosts: ["*.myshopify.com"],
    // Never called as such: every request goes to the shop's own domain (baseUrlFor) and
    // requireShop refuses to run without one.
    defaultBaseUrl: "https://shop.myshopify.com",
    baseUrlFor(credential) {
      const domain = shopDomain(credential);
      return domain ? `https://${domain}` : undefined;
    },
    supportsHourly: true,
    // The real limit is the calculated-cost bucket handled in graphql.ts; this only keeps one
    // read from firing queries in parallel at one shop.
    rateLimit: { maxConcurrent: 2 },

    authorize(request, credential) {
      if (credential.type === "api-key") request.headers["x-shopify-access-token"] = credential.key;
    },

    classifyError(response) {
      // REST-style bodies for transport-level failures: {"errors":"[API] Invalid API key or access token ..."}.
      const body = errorBody(response, restErrorBody);
      const message = body === undefined ? response.text.slice(0, 200) : typeof body.errors === "string" ? body.errors : JSON.stringify(body.errors ?? "");
      const base = { kind: "config" as const, platform: PLATFORM, status: response.status, bodyExcerpt: redact(message.slice(0, 300)) };
      switch (response.status) {
        case 401:
          return new ConnectorError({ ...base, message: "Shopify rejected the Admin API access token. Reconnect the source with a valid token from the shop's custom app." });
        case 402:
          return new ConnectorError({ ...base, message: "This Shopify shop is frozen for an unpaid bill (HTTP 402). Its data is readable again once the plan is paid." });
        case 403: {
          const scope = /(read_[a-z_]+)/.exec(message)?.[1];
          return new ConnectorError({
            ...base,
            message: scope
              ? `The Shopify app is missing the ${scope} permission. Add that scope to the custom app and reconnect.`
              : "Shopify denied access (HTTP 403). Check the custom app's Admin API scopes, then reconnect.",
          });
        }
        case 404:
          return new ConnectorError({ ...base, message: "Shopify has no shop at this address (HTTP 404). Check the shop domain (your-shop.myshopify.com)." });
        case 423:
          return new ConnectorError({ ...base, message: "This Shopify shop is locked (HTTP 423). Contact Shopify support or the shop owner." });
        default:
          return undefined;
      }
    },

    async check(ctx) {
      const { shop, currentAppInstallation } = await shopInfo(ctx);
      const scopes = currentAppInstallation?.accessScopes.map((s) => s.handle) ?? [];
      if (currentAppInstallation && !scopes.includes("read_orders")) {
        throw new ConnectorError({
          kind: "config",
          platform: PLATFORM,
          message: "The Shopify app is missing the read_orders permission. Add the read_orders Admin API scope (and read_all_orders for history beyond 60 days), reinstall the app and paste the new token.",
        });
      }
      return { ok: true, identity: `${shop.name} (${shop.myshopifyDomain})` };
    },

    async listAccounts(ctx): Promise<Account[]> {
      const { shop } = await shopInfo(ctx);
      return [{ id: shop.myshopifyDomain, name: shop.name, timezone: shop.ianaTimezone, currency: shop.currencyCode, status: "active" }];
    },
    reportHelp: REPORT_HELP,
    reports: [
      report("orders", false, ({ order }, account) => orderRecord(order, account.timezone), { derived: { average_order_value: (g) => ratio(g.total_sales, g.orders) } }),
      report("products", true, ({ order, lines }, account) => lines.map((line) => lineRecord(order, line, account.timezone))),
    ],
  });
}

export const shopifyConnector = createShopifyConnector();
