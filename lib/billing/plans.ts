/**
 * Plans and prices. Prices: spec 1 §9; account caps: spec 3 §9. Stripe price ids come from
 * configuration (STRIPE_PRICE_IDS), never from the browser: a checkout names a plan, an interval
 * and a currency, and the server maps them to a price id.
 */
import { formatMoney } from "../format.js";
export const PLAN_IDS = ["basic", "small", "medium", "business", "agency", "starter"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof INTERVALS)[number];
export const CURRENCIES = ["usd", "eur"] as const;
export type Currency = (typeof CURRENCIES)[number];

export type Plan = {
  id: PlanId;
  title: string;
  maxAccounts: number;
  /** Shown on /buy. Starter is priced in spec 1 but spec 3 gives it no card: kept for existing subscriptions only (docs/decisions/0601). */
  onSale: boolean;
  prices: Record<BillingInterval, Record<Currency, number>>;
};

export const PLANS: readonly Plan[] = [
  { id: "basic", title: "Basic", maxAccounts: 3, onSale: true, prices: { month: { eur: 23.99, usd: 25.99 }, year: { eur: 239.9, usd: 259.9 } } },
  { id: "small", title: "Small", maxAccounts: 5, onSale: true, prices: { month: { eur: 32.99, usd: 35.99 }, year: { eur: 329.9, usd: 359.9 } } },
  { id: "medium", title: "Medium", maxAccounts: 10, onSale: true, prices: { month: { eur: 49.99, usd: 54.99 }, year: { eur: 499.9, usd: 549.9 } } },
  { id: "business", title: "Business", maxAccounts: 20, onSale: true, prices: { month: { eur: 74.99, usd: 84.99 }, year: { eur: 749.9, usd: 849.9 } } },
  { id: "agency", title: "Agency", maxAccounts: 50, onSale: true, prices: { month: { eur: 149.99, usd: 164.99 }, year: { eur: 1449.9, usd: 1649.9 } } },
  { id: "starter", title: "Starter", maxAccounts: 1, onSale: false, prices: { month: { eur: 9.99, usd: 11.99 }, year: { eur: 99.9, usd: 119.9 } } },
];

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function plansOnSale(): Plan[] {
  return PLANS.filter((p) => p.onSale);
}

export function formatPrice(amount: number, currency: Currency): string {
  return formatMoney(amount, currency);
}

export type PriceKey = { plan: PlanId; interval: BillingInterval; currency: Currency };

/**
 * STRIPE_PRICE_IDS: comma-separated "plan.interval.currency=price_id" pairs. Any price not listed
 * falls back to "price_{plan}_{interval}_{currency}" (the ids to create in a Stripe account, and
 * what the test fixtures use).
 */
export function priceTable(spec: string | undefined): Map<string, PriceKey> {
  const byId = new Map<string, PriceKey>();
  const overrides = new Map<string, string>();
  for (const pair of (spec ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [key, id] = pair.split("=");
    if (key && id) overrides.set(key.trim(), id.trim());
  }
  for (const plan of PLANS) {
    for (const interval of INTERVALS) {
      for (const currency of CURRENCIES) {
        const key = `${plan.id}.${interval}.${currency}`;
        byId.set(overrides.get(key) ?? `price_${plan.id}_${interval}_${currency}`, { plan: plan.id, interval, currency });
      }
    }
  }
  return byId;
}

export function priceIdFor(spec: string | undefined, key: PriceKey): string {
  for (const [id, k] of priceTable(spec)) {
    if (k.plan === key.plan && k.interval === key.interval && k.currency === key.currency) return id;
  }
  throw new Error(`No price for ${key.plan}.${key.interval}.${key.currency}`);
}

export function priceKeyFor(spec: string | undefined, priceId: string): PriceKey | undefined {
  return priceTable(spec).get(priceId);
}
