// Magento 2 orders and order items (Magento\Sales\Api\Data\OrderInterface / OrderItemInterface).
// Amounts are the base_* columns: the store's base currency, whatever currency the shopper saw.
import { ratio } from "../../core/aggregate.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { FieldDef, Row } from "../../core/types.js";

const TIME: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day the order was placed, in the store view's timezone."),
  dim("hour", "Hour", "HOUR", "Hour (0-23) the order was placed, in the store view's timezone."),
];

export const ORDER_FIELDS: FieldDef[] = [
  ...TIME,
  dim("order_id", "Order number", "TEXT", "The order's increment id (000000123)."),
  dim("status", "Status", "TEXT", "pending, processing, complete, canceled, closed, holded..."),
  dim("state", "State", "TEXT", "new, processing, complete, closed, canceled."),
  dim("customer_type", "Customer type", "TEXT", "guest or registered."),
  dim("order_currency", "Order currency", "TEXT", "Currency the shopper paid in."),
  dim("payment_method", "Payment method", "TEXT", "checkmo, braintree, paypal_express..."),
  metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Number of orders."),
  metric("revenue", "Revenue", "CURRENCY", "SUM", "Grand total (base currency)."),
  metric("subtotal", "Subtotal", "CURRENCY", "SUM", "Subtotal before tax, shipping and discounts."),
  metric("tax", "Tax", "CURRENCY", "SUM", "Tax amount."),
  metric("shipping", "Shipping", "CURRENCY", "SUM", "Shipping amount."),
  metric("discount", "Discount", "CURRENCY", "SUM", "Discount amount (negative, as Magento stores it)."),
  metric("refunded", "Refunded", "CURRENCY", "SUM", "Amount refunded through credit memos."),
  metric("items_ordered", "Items ordered", "NUMBER", "SUM", "Quantity of items ordered."),
  metric("customers", "Customers", "NUMBER", "COUNT_DISTINCT", "Distinct customer e-mails."),
  metric("average_order_value", "Average order value", "CURRENCY", "AVG", "Revenue per order."),
];

export const ITEM_FIELDS: FieldDef[] = [
  ...TIME,
  dim("sku", "SKU", "TEXT", "Product SKU."),
  dim("product_name", "Product", "TEXT", "Product name at order time."),
  dim("product_type", "Product type", "TEXT", "simple, configurable, bundle, virtual..."),
  metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Orders containing the product."),
  metric("quantity", "Quantity", "NUMBER", "SUM", "Quantity ordered."),
  metric("revenue", "Revenue", "CURRENCY", "SUM", "Row total (base currency)."),
  metric("discount", "Discount", "CURRENCY", "SUM", "Discount on the row."),
];

export const ORDER_DERIVED = { average_order_value: (g: Row) => ratio(g.revenue, g.orders) };
