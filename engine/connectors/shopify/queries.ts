// The GraphQL documents. Page sizes keep each query's requested cost under the 1,000-point
// single-query maximum (a connection costs 2 + first × node cost; money bags and addresses cost 1
// each): https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits#cost-calculation
import { z } from "zod";
import { numberOrString } from "../shared/answers.js";

export const ORDERS_PAGE_SIZE = 50;
/** Orders with nested line items cost ~first × (lineItems first): 10 × 50 stays under the cap. */
export const PRODUCT_ORDERS_PAGE_SIZE = 10;
export const LINE_ITEMS_PAGE_SIZE = 50;
export const MORE_LINE_ITEMS_PAGE_SIZE = 250;

export const SHOP_QUERY = /* GraphQL */ `
  query SignalpostShop {
    shop { id name myshopifyDomain currencyCode ianaTimezone }
    currentAppInstallation { accessScopes { handle } }
  }
`;

const money = (field: string) => `${field} { shopMoney { amount } }`;

const ORDER_FIELDS = `
  id legacyResourceId name createdAt cancelledAt test sourceName discountCode
  displayFinancialStatus displayFulfillmentStatus subtotalLineItemsQuantity
  shippingAddress { countryCodeV2 }
  ${money("totalLineItemsPriceSet")}
  ${money("totalDiscountsSet")}
  ${money("subtotalPriceSet")}
  ${money("totalShippingPriceSet")}
  ${money("totalTaxSet")}
  ${money("totalPriceSet")}
  ${money("totalRefundedSet")}
`;

const LINE_ITEM_FIELDS = `
  quantity sku vendor name variantTitle
  product { legacyResourceId title }
  variant { legacyResourceId }
  ${money("originalTotalSet")}
  ${money("totalDiscountSet")}
`;

export const ORDERS_QUERY = /* GraphQL */ `
  query SignalpostOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes { ${ORDER_FIELDS} }
    }
  }
`;

export const ORDERS_WITH_LINES_QUERY = /* GraphQL */ `
  query SignalpostOrderLines($first: Int!, $after: String, $query: String, $lines: Int!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes {
        ${ORDER_FIELDS}
        lineItems(first: $lines) {
          pageInfo { hasNextPage endCursor }
          nodes { ${LINE_ITEM_FIELDS} }
        }
      }
    }
  }
`;

/** The rest of a large order's line items, when the nested page was not enough. */
export const MORE_LINE_ITEMS_QUERY = /* GraphQL */ `
  query SignalpostMoreLineItems($id: ID!, $first: Int!, $after: String) {
    order(id: $id) {
      lineItems(first: $first, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ${LINE_ITEM_FIELDS} }
      }
    }
  }
`;

// What the connector reads of each answer (decision 0940). GraphQL always sends the fields a
// document asks for: a nullable field is `.nullable()`; `.nullish()` where the records default it.
/** A money bag's shop-currency amount, a decimal string ("12.50"). */
const moneyBag = z.object({ shopMoney: z.object({ amount: numberOrString }) }).nullish();
export type Money = z.infer<typeof moneyBag>;

const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });
export type PageInfo = z.infer<typeof pageInfo>;

const lineItemNode = z.object({
  quantity: z.number().nullish(),
  sku: z.string().nullable(),
  vendor: z.string().nullable(),
  name: z.string(),
  variantTitle: z.string().nullable(),
  product: z.object({ legacyResourceId: z.string(), title: z.string() }).nullable(),
  variant: z.object({ legacyResourceId: z.string() }).nullable(),
  originalTotalSet: moneyBag,
  totalDiscountSet: moneyBag,
});
export type LineItemNode = z.infer<typeof lineItemNode>;
const lineItems = z.object({ pageInfo, nodes: z.array(lineItemNode) });

const orderNode = z.object({
  id: z.string(),
  legacyResourceId: z.string().nullish(),
  name: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  test: z.boolean(),
  sourceName: z.string().nullable(),
  discountCode: z.string().nullable(),
  displayFinancialStatus: z.string().nullable(),
  displayFulfillmentStatus: z.string().nullable(),
  subtotalLineItemsQuantity: z.number().nullish(),
  shippingAddress: z.object({ countryCodeV2: z.string().nullable() }).nullish(),
  totalLineItemsPriceSet: moneyBag,
  totalDiscountsSet: moneyBag,
  subtotalPriceSet: moneyBag,
  totalShippingPriceSet: moneyBag,
  totalTaxSet: moneyBag,
  totalPriceSet: moneyBag,
  totalRefundedSet: moneyBag,
  /** Only in ORDERS_WITH_LINES_QUERY. */
  lineItems: lineItems.nullish(),
});
export type OrderNode = z.infer<typeof orderNode>;

export const ordersData = z.object({ orders: z.object({ pageInfo, nodes: z.array(orderNode) }) });

/** MORE_LINE_ITEMS_QUERY: the order is null once deleted between two pages. */
export const moreLineItemsData = z.object({ order: z.object({ lineItems }).nullable() });

export const shopData = z.object({
  shop: z.object({ name: z.string(), myshopifyDomain: z.string(), currencyCode: z.string(), ianaTimezone: z.string() }),
  currentAppInstallation: z.object({ accessScopes: z.array(z.object({ handle: z.string() })) }).nullable(),
});
export type ShopData = z.infer<typeof shopData>;
