// The GraphQL documents. Page sizes keep each query's requested cost under the 1,000-point
// single-query maximum (a connection costs 2 + first × node cost; money bags and addresses cost 1
// each): https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits#cost-calculation

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

export interface Money {
  shopMoney: { amount: string };
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface LineItemNode {
  quantity: number;
  sku: string | null;
  vendor: string | null;
  name: string;
  variantTitle: string | null;
  product: { legacyResourceId: string; title: string } | null;
  variant: { legacyResourceId: string } | null;
  originalTotalSet: Money;
  totalDiscountSet: Money;
}

export interface OrderNode {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  test: boolean;
  sourceName: string | null;
  discountCode: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  subtotalLineItemsQuantity: number;
  shippingAddress: { countryCodeV2: string | null } | null;
  totalLineItemsPriceSet: Money;
  totalDiscountsSet: Money;
  subtotalPriceSet: Money | null;
  totalShippingPriceSet: Money;
  totalTaxSet: Money | null;
  totalPriceSet: Money;
  totalRefundedSet: Money;
  lineItems?: { pageInfo: PageInfo; nodes: LineItemNode[] };
}

export interface OrdersData {
  orders: { pageInfo: PageInfo; nodes: OrderNode[] };
}

export interface ShopData {
  shop: { id: string; name: string; myshopifyDomain: string; currencyCode: string; ianaTimezone: string };
  currentAppInstallation: { accessScopes: { handle: string }[] } | null;
}
