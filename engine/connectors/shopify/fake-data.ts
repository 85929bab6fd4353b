// Deterministic shop data for the Shopify fake: a New York shop in USD with a few orders a day,
// some cancelled, refunded or test orders, and one large order whose line items need a second page.
import { DateTime } from "luxon";

export const FAKE_SHOP = {
  id: "gid://shopify/Shop/48151623",
  name: "Signalpost Outfitters",
  myshopifyDomain: "signalpost-outfitters.myshopify.com",
  currencyCode: "USD",
  ianaTimezone: "America/New_York",
};

export interface FakeLineItem {
  quantity: number;
  sku: string;
  vendor: string;
  name: string;
  variantTitle: string;
  product: { legacyResourceId: string; title: string };
  variant: { legacyResourceId: string };
  originalTotalSet: { shopMoney: { amount: string } };
  totalDiscountSet: { shopMoney: { amount: string } };
}

export interface FakeOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  test: boolean;
  sourceName: string;
  discountCode: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  subtotalLineItemsQuantity: number;
  shippingAddress: { countryCodeV2: string };
  totalLineItemsPriceSet: { shopMoney: { amount: string } };
  totalDiscountsSet: { shopMoney: { amount: string } };
  subtotalPriceSet: { shopMoney: { amount: string } };
  totalShippingPriceSet: { shopMoney: { amount: string } };
  totalTaxSet: { shopMoney: { amount: string } };
  totalPriceSet: { shopMoney: { amount: string } };
  totalRefundedSet: { shopMoney: { amount: string } };
  lineItems: FakeLineItem[];
}

const PRODUCTS = [
  { id: "7001", title: "Trail Jacket", vendor: "North Ridge", price: 120 },
  { id: "7002", title: "Wool Beanie", vendor: "North Ridge", price: 25 },
  { id: "7003", title: "Camp Mug", vendor: "Fireside", price: 14.5 },
];

const money = (n: number) => ({ shopMoney: { amount: n.toFixed(2) } });

function line(productIndex: number, quantity: number, discount: number): FakeLineItem {
  const p = PRODUCTS[productIndex % PRODUCTS.length];
  return {
    quantity,
    sku: `SKU-${p.id}`,
    vendor: p.vendor,
    name: p.title,
    variantTitle: "Default",
    product: { legacyResourceId: p.id, title: p.title },
    variant: { legacyResourceId: `${p.id}1` },
    originalTotalSet: money(p.price * quantity),
    totalDiscountSet: money(discount),
  };
}

/**
 * Orders from `from` for `days` days: day i has (i % 3) + 2 orders at local hours 9, 14, 20, 23.
 * Every 7th order is a test order, every 5th is cancelled and fully refunded; order #1010 has 60 lines.
 */
export function buildOrders(from = "2025-01-01", days = 31): FakeOrder[] {
  const orders: FakeOrder[] = [];
  const hours = [9, 14, 20, 23];
  let n = 0;
  for (let d = 0; d < days; d++) {
    const day = DateTime.fromISO(from, { zone: FAKE_SHOP.ianaTimezone }).plus({ days: d });
    for (let k = 0; k < (d % 3) + 2; k++) {
      n += 1;
      const number = 1000 + n;
      const lines = number === 1010 ? Array.from({ length: 60 }, (_, i) => line(i, 1, 0)) : [line(n, 1 + (n % 2), 0), ...(n % 3 === 0 ? [line(n + 1, 1, 5)] : [])];
      const gross = lines.reduce((s, l) => s + Number(l.originalTotalSet.shopMoney.amount), 0);
      const discounts = lines.reduce((s, l) => s + Number(l.totalDiscountSet.shopMoney.amount), 0);
      const subtotal = gross - discounts;
      const shipping = 7;
      const tax = Math.round(subtotal * 0.08 * 100) / 100;
      const total = subtotal + shipping + tax;
      const cancelled = n % 5 === 0;
      orders.push({
        id: `gid://shopify/Order/${5_000_000 + n}`,
        legacyResourceId: String(5_000_000 + n),
        name: `#${number}`,
        createdAt: day.set({ hour: hours[k], minute: 15 }).toUTC().toISO({ suppressMilliseconds: true })!,
        cancelledAt: cancelled ? day.set({ hour: 23, minute: 59 }).toUTC().toISO({ suppressMilliseconds: true }) : null,
        test: n % 7 === 0,
        sourceName: n % 4 === 0 ? "pos" : "web",
        discountCode: discounts > 0 ? "WINTER5" : null,
        displayFinancialStatus: cancelled ? "REFUNDED" : "PAID",
        displayFulfillmentStatus: cancelled ? "UNFULFILLED" : "FULFILLED",
        subtotalLineItemsQuantity: lines.reduce((s, l) => s + l.quantity, 0),
        shippingAddress: { countryCodeV2: n % 2 === 0 ? "US" : "CA" },
        totalLineItemsPriceSet: money(gross),
        totalDiscountsSet: money(discounts),
        subtotalPriceSet: money(subtotal),
        totalShippingPriceSet: money(shipping),
        totalTaxSet: money(tax),
        totalPriceSet: money(total),
        totalRefundedSet: money(cancelled ? total : 0),
        lineItems: lines,
      });
    }
  }
  return orders;
}
