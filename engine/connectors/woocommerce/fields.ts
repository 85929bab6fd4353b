// WooCommerce reports: orders and their line items from /wc/v3/orders, and the store's own daily
// sales totals from /wc/v3/reports/sales. Amounts are in the store currency (orders placed in
// another currency by a multi-currency plugin keep their own `currency`, shown as a dimension).
// https://woocommerce.github.io/woocommerce-rest-api-docs/#order-properties
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export const WOO_REPORTS: ReportDef[] = [
  { id: "orders", name: "Orders", description: "Orders and sales by day or hour (order creation time, store timezone)." },
  { id: "products", name: "Products sold", description: "Order line items: quantities and sales by product." },
  { id: "sales", name: "Sales report", description: "WooCommerce's own daily sales totals (paid and completed orders), from the Reports API." },
];

export const REPORT_HELP = "Orders, products sold, or WooCommerce's daily sales report.";

const ORDER_DIMENSIONS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the order was created, in the store's timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the order was created, in the store's timezone."),
  dim("order_id", "Order ID", "TEXT", "Identifier of the order."),
  dim("order_number", "Order number", "TEXT", "Order number shown to the customer."),
  dim("status", "Status", "TEXT", "pending, processing, on-hold, completed, cancelled, refunded, failed..."),
  dim("currency", "Currency", "TEXT", "Currency the order was placed in."),
  dim("payment_method", "Payment method", "TEXT", "Payment method title, e.g. Credit Card (Stripe)."),
  dim("created_via", "Created via", "TEXT", "checkout, admin, rest-api..."),
  dim("billing_country", "Billing country", "COUNTRY_CODE", "ISO country code of the billing address."),
  dim("coupon_code", "Coupon code", "TEXT", "Coupon codes used on the order, comma-separated."),
  dim("customer_type", "Customer type", "TEXT", "registered or guest."),
];

export const WOO_FIELDS: Record<string, FieldDef[]> = {
  orders: [
    ...ORDER_DIMENSIONS,
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders."),
    metric("items", "Items", "NUMBER", "SUM", "Units ordered."),
    metric("gross_sales", "Gross sales", "CURRENCY", "SUM", "Line item subtotals, before discounts."),
    metric("discounts", "Discounts", "CURRENCY", "SUM", "Discount total of the orders."),
    metric("shipping", "Shipping", "CURRENCY", "SUM", "Shipping total of the orders."),
    metric("taxes", "Taxes", "CURRENCY", "SUM", "Tax total of the orders."),
    metric("total_sales", "Total sales", "CURRENCY", "SUM", "Order totals."),
    metric("refunds", "Refunds", "CURRENCY", "SUM", "Amounts refunded on these orders so far."),
    metric("net_total", "Total after refunds", "CURRENCY", "SUM", "Total sales minus refunds."),
    metric("average_order_value", "Average order value", "CURRENCY", "AVG", "Total sales divided by orders."),
  ],
  products: [
    ...ORDER_DIMENSIONS,
    dim("product_id", "Product ID", "TEXT", "Identifier of the product."),
    dim("variation_id", "Variation ID", "TEXT", "Identifier of the variation (0 for simple products)."),
    dim("product_name", "Product", "TEXT", "Product name at the time of the order."),
    dim("sku", "SKU", "TEXT", "Stock keeping unit."),
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders containing the product."),
    metric("quantity", "Quantity", "NUMBER", "SUM", "Units ordered."),
    metric("gross_sales", "Gross sales", "CURRENCY", "SUM", "Line subtotals, before discounts."),
    metric("discounts", "Discounts", "CURRENCY", "SUM", "Discounts on the lines."),
    metric("net_sales", "Net sales", "CURRENCY", "SUM", "Line totals after discounts, before tax."),
  ],
  sales: [
    dim("date", "Date", "YEAR_MONTH_DAY", "Day, in the store's timezone."),
    metric("sales", "Sales", "CURRENCY", "SUM", "Gross sales of the day as WooCommerce reports them."),
    metric("orders", "Orders", "NUMBER", "SUM", "Orders placed that day."),
    metric("items", "Items", "NUMBER", "SUM", "Items purchased that day."),
    metric("taxes", "Taxes", "CURRENCY", "SUM", "Tax charged that day."),
    metric("shipping", "Shipping", "CURRENCY", "SUM", "Shipping charged that day."),
    metric("discounts", "Discounts", "CURRENCY", "SUM", "Discounts given that day."),
    metric("customers", "New customers", "NUMBER", "SUM", "Customers who registered that day."),
  ],
};

/**
 * Which order statuses count. The default leaves out pending payment, failed and cancelled orders,
 * as WooCommerce Analytics does (https://woocommerce.com/document/woocommerce-analytics/#excluded-statuses),
 * so that revenue alerts do not fire on orders that were never paid.
 */
export const ORDER_STATUSES = ["pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed"] as const;
/** Choice values that stand for several statuses. */
export const STATUS_PRESETS: Record<string, string[]> = {
  paid: ["processing", "on-hold", "completed", "refunded"],
  any: ["any"],
};
export const DEFAULT_STATUS_CHOICE = "paid";

/** After the report choice. */
export const WOO_CONFIG_FIELDS: ConfigField[] = [
  {
    id: "statuses",
    name: "Order statuses",
    helpText: "Orders of these statuses count in the orders and products reports (default: the paid ones).",
    allowedMultiple: true,
    values: [
      { value: "paid", label: "Paid (processing, on-hold, completed, refunded)" },
      { value: "any", label: "All statuses" },
      ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
    ],
    default: DEFAULT_STATUS_CHOICE,
    type: "multiple",
  },
];
