// Shopify's reports, built from the Admin GraphQL Order object. Money comes from the *Set fields'
// shopMoney, i.e. the shop's currency, whatever the buyer paid in:
// https://shopify.dev/docs/api/admin-graphql/latest/objects/Order
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export const SHOPIFY_REPORTS: ReportDef[] = [
  { id: "orders", name: "Orders", description: "Orders and sales by day or hour (order creation time, shop timezone)." },
  { id: "products", name: "Products sold", description: "Order line items: quantities and sales by product and variant." },
];

export const REPORT_HELP = "Orders (one row per order group) or products sold (order line items).";

const TIME_AND_ORDER: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the order was created, in the shop's timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the order was created, in the shop's timezone."),
  dim("order_id", "Order ID", "TEXT", "Numeric id of the order (as in the admin URL)."),
  dim("order_name", "Order name", "TEXT", "Order number shown to the merchant, e.g. #1001."),
  dim("financial_status", "Financial status", "TEXT", "PAID, PENDING, REFUNDED, PARTIALLY_REFUNDED, AUTHORIZED, VOIDED..."),
  dim("fulfillment_status", "Fulfillment status", "TEXT", "FULFILLED, UNFULFILLED, PARTIALLY_FULFILLED..."),
  dim("source_name", "Sales channel", "TEXT", "Where the order came from: web, pos, shopify_draft_order, an app's id..."),
  dim("cancelled", "Cancelled", "BOOLEAN", "Whether the order was cancelled."),
  dim("shipping_country", "Shipping country", "COUNTRY_CODE", "ISO country code of the shipping address."),
  dim("discount_code", "Discount code", "TEXT", "The discount code the customer used, if any."),
];

export const SHOPIFY_FIELDS: Record<string, FieldDef[]> = {
  orders: [
    ...TIME_AND_ORDER,
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders (test orders excluded)."),
    metric("items", "Items", "NUMBER", "SUM", "Units ordered."),
    metric("gross_sales", "Gross sales", "CURRENCY", "SUM", "Line item prices times quantities, before discounts."),
    metric("discounts", "Discounts", "CURRENCY", "SUM", "Order and line item discounts."),
    metric("subtotal", "Subtotal", "CURRENCY", "SUM", "Sales after discounts, before shipping and taxes."),
    metric("shipping", "Shipping", "CURRENCY", "SUM", "Shipping charged, after shipping discounts."),
    metric("taxes", "Taxes", "CURRENCY", "SUM", "Taxes charged."),
    metric("total_sales", "Total sales", "CURRENCY", "SUM", "Order totals: subtotal plus shipping and taxes."),
    metric("refunds", "Refunds", "CURRENCY", "SUM", "Amounts refunded on these orders so far."),
    metric("net_total", "Total after refunds", "CURRENCY", "SUM", "Total sales minus refunds."),
    metric("average_order_value", "Average order value", "CURRENCY", "AVG", "Total sales divided by orders."),
  ],
  products: [
    ...TIME_AND_ORDER,
    dim("product_id", "Product ID", "TEXT", "Numeric id of the product."),
    dim("product_title", "Product", "TEXT", "Product title at the time of the order."),
    dim("variant_id", "Variant ID", "TEXT", "Numeric id of the product variant."),
    dim("variant_title", "Variant", "TEXT", "Variant title at the time of the order."),
    dim("sku", "SKU", "TEXT", "Stock keeping unit of the variant."),
    dim("vendor", "Vendor", "TEXT", "Product vendor."),
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders containing the product."),
    metric("quantity", "Quantity", "NUMBER", "SUM", "Units ordered."),
    metric("gross_sales", "Gross sales", "CURRENCY", "SUM", "Unit price times quantity, before discounts."),
    metric("discounts", "Discounts", "CURRENCY", "SUM", "Discounts allocated to the line items."),
    metric("net_sales", "Net sales", "CURRENCY", "SUM", "Gross sales minus discounts."),
  ],
};
