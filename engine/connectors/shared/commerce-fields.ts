// The order and order-line fields e-commerce connectors share (PrestaShop, BigCommerce,
// CommentSold, Etsy, Amazon Seller): one vocabulary so a dashboard built on one shop works on
// another. Each platform adds its own dimensions; record() fills what the platform has.
import { ratio } from "../../core/aggregate.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef, Row } from "../../core/types.js";

export const ORDER_TIME: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the order was placed, in the shop's timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the order was placed, in the shop's timezone."),
];

export function orderFields(extra: FieldDef[] = [], opts: { tax?: boolean; refunds?: boolean } = {}): FieldDef[] {
  return [
    ...ORDER_TIME,
    dim("order_id", "Order", "TEXT", "The order's number or reference."),
    dim("status", "Status", "TEXT", "The order's status as the platform names it."),
    ...extra,
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders."),
    metric("revenue", "Revenue", "CURRENCY", "SUM", "Order total including tax and shipping."),
    metric("subtotal", "Product sales", "CURRENCY", "SUM", "Value of the products ordered."),
    ...(opts.tax === false ? [] : [metric("tax", "Tax", "CURRENCY", "SUM", "Tax charged.")]),
    metric("shipping", "Shipping", "CURRENCY", "SUM", "Shipping charged."),
    metric("discount", "Discounts", "CURRENCY", "SUM", "Discounts granted."),
    ...(opts.refunds === false ? [] : [metric("refunded", "Refunded", "CURRENCY", "SUM", "Amount refunded so far.")]),
    metric("items_ordered", "Items ordered", "NUMBER", "SUM", "Quantity of items ordered."),
    metric("customers", "Customers", "NUMBER", "COUNT_DISTINCT", "Distinct customers."),
    metric("average_order_value", "Average order value", "CURRENCY", "AVG", "Revenue per order."),
  ];
}

export function itemFields(extra: FieldDef[] = []): FieldDef[] {
  return [
    ...ORDER_TIME,
    dim("sku", "SKU", "TEXT", "Product SKU or reference."),
    dim("product_name", "Product", "TEXT", "Product name at order time."),
    ...extra,
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Orders containing the product."),
    metric("quantity", "Quantity", "NUMBER", "SUM", "Quantity ordered."),
    metric("revenue", "Revenue", "CURRENCY", "SUM", "Line total."),
  ];
}

export const ORDER_DERIVED = { average_order_value: (g: Row) => ratio(g.revenue, g.orders) };
