// The demo world: a few accounts with campaigns and ad groups, a small product catalogue, and
// the daily and hourly numbers they produce. Every number is a pure function of
// (account, date, entity[, hour]) through the seeded PRNG.
import type { Account } from "../../core/types.js";
import { between, pick, seeded } from "./prng.js";

export const DEMO_ACCOUNTS: Account[] = [
  { id: "demo-paris", name: "Maison Lumière (Paris)", timezone: "Europe/Paris", currency: "EUR", status: "active" },
  { id: "demo-new-york", name: "Summit Outdoor (New York)", timezone: "America/New_York", currency: "USD", status: "active" },
  { id: "demo-london", name: "Chapter & Verse Books (London)", timezone: "Europe/London", currency: "GBP", status: "active" },
  { id: "demo-tokyo", name: "Kaze Gadgets (Tokyo)", timezone: "Asia/Tokyo", currency: "JPY", status: "active" },
];

/** Rough value of one US dollar, so a Tokyo account's costs look like yen. */
const CURRENCY_SCALE: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150, CAD: 1.36, AUD: 1.52 };
export const currencyScale = (currency: string) => CURRENCY_SCALE[currency] ?? 1;

const CAMPAIGN_NAMES = [
  "Brand - Search",
  "Generic - Search",
  "Shopping - All products",
  "Retargeting - Display",
  "Prospecting - Video",
  "Performance Max",
  "Competitors - Search",
  "Seasonal promotion",
];
const AD_GROUP_NAMES = ["Core terms", "Long tail", "Best sellers", "New arrivals", "Lookalike audience", "Cart abandoners"];

export interface DemoAdGroup {
  id: string;
  name: string;
  share: number;
}

export interface DemoCampaign {
  id: string;
  name: string;
  status: "ENABLED" | "PAUSED";
  dailyImpressions: number;
  ctr: number;
  cpcUsd: number;
  conversionRate: number;
  orderValueUsd: number;
  adGroups: DemoAdGroup[];
}

const structureCache = new Map<string, DemoCampaign[]>();

/** The campaigns of an account: 3 to 6, each with 2 to 4 ad groups. Works for any account id. */
export function campaignsOf(accountId: string): DemoCampaign[] {
  const cached = structureCache.get(accountId);
  if (cached) return cached;
  const random = seeded("structure", accountId);
  const count = 3 + Math.floor(random() * 4);
  const names = [...CAMPAIGN_NAMES];
  const campaigns: DemoCampaign[] = [];
  for (let c = 0; c < count; c++) {
    const name = names.splice(Math.floor(random() * names.length), 1)[0];
    const id = `${accountId}-c${c + 1}`;
    const groupCount = 2 + Math.floor(random() * 3);
    const weights = Array.from({ length: groupCount }, () => between(random, 0.5, 1.5));
    const total = weights.reduce((a, b) => a + b, 0);
    campaigns.push({
      id,
      name,
      status: c === count - 1 && random() < 0.5 ? "PAUSED" : "ENABLED",
      dailyImpressions: Math.round(between(random, 2_000, 40_000)),
      ctr: between(random, 0.008, 0.06),
      cpcUsd: between(random, 0.25, 2.5),
      conversionRate: between(random, 0.01, 0.08),
      orderValueUsd: between(random, 25, 160),
      adGroups: weights.map((w, g) => ({ id: `${id}-g${g + 1}`, name: `${name} / ${pick(random, AD_GROUP_NAMES)}`, share: w / total })),
    });
  }
  structureCache.set(accountId, campaigns);
  return campaigns;
}

/** Traffic through the day: low at night, peaks around lunch and evening. */
const HOURLY_PROFILE = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.6, 0.85, 1, 1.05, 1.15, 1.3, 1.25, 1.1, 1.05, 1.05, 1.1, 1.25, 1.4, 1.45, 1.3, 0.9, 0.5,
];

function dayFactor(date: string): number {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay();
  const dayOfYear = Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000);
  const weekend = weekday === 0 || weekday === 6 ? 0.82 : 1;
  const season = 1 + 0.15 * Math.sin((dayOfYear / 365) * 2 * Math.PI);
  return weekend * season;
}

export type AdsMetrics = {
  impressions: number;
  clicks: number;
  cost: number;
  conversions: number;
  conversion_value: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One ad group's numbers for one day. About one day in fifty a campaign spikes: alerts have something to find. */
export function adGroupDay(account: Account, date: string, campaign: DemoCampaign, adGroup: DemoAdGroup): AdsMetrics {
  if (campaign.status === "PAUSED") return { impressions: 0, clicks: 0, cost: 0, conversions: 0, conversion_value: 0 };
  const random = seeded("day", account.id, date, adGroup.id);
  const spike = seeded("spike", account.id, date, campaign.id)() < 0.02 ? 2.5 : 1;
  const scale = currencyScale(account.currency);
  const impressions = Math.round(campaign.dailyImpressions * adGroup.share * dayFactor(date) * spike * between(random, 0.75, 1.25));
  const clicks = Math.round(impressions * campaign.ctr * between(random, 0.8, 1.2));
  const cost = round2(clicks * campaign.cpcUsd * scale * between(random, 0.85, 1.15));
  const conversions = Math.round(clicks * campaign.conversionRate * between(random, 0.6, 1.4));
  const conversion_value = round2(conversions * campaign.orderValueUsd * scale * between(random, 0.8, 1.2));
  return { impressions, clicks, cost, conversions, conversion_value };
}

/** The demo's restatement window (Connector.restatementDays): ages 0 (today) to 3 may still change. */
export const DEMO_RESTATEMENT_DAYS = 3;
/** Share of a day's final conversions reported at each age: conversions arrive late (conversion delay). */
const CONVERSIONS_REPORTED = [0.55, 0.75, 0.88, 0.96];
/** Share of a day's invalid traffic not yet removed at each age: invalid clicks are filtered out over days. */
const INVALID_NOT_REMOVED = [1, 1, 0.5, 0.25];

/**
 * One ad group's day as the platform reports it at `age` days old (0 = today): like an ads
 * platform, the demo restates its recent days. Early traffic still holds invalid clicks (up to 6%,
 * removed over the window) and conversions arrive late (55% on the day, 75% the next day...).
 * From age DEMO_RESTATEMENT_DAYS + 1 on a day reads as `adGroupDay`, final.
 */
export function reportedAtAge(account: Account, date: string, adGroup: DemoAdGroup, day: AdsMetrics, age: number): AdsMetrics {
  if (age < 0 || age > DEMO_RESTATEMENT_DAYS) return day;
  const random = seeded("restatement", account.id, date, adGroup.id);
  const invalid = between(random, 0, 0.06) * INVALID_NOT_REMOVED[age];
  const reported = Math.min(1, CONVERSIONS_REPORTED[age] * between(random, 0.9, 1.1));
  const conversions = Math.round(day.conversions * reported);
  return {
    impressions: Math.round(day.impressions * (1 + invalid)),
    clicks: Math.round(day.clicks * (1 + invalid)),
    cost: round2(day.cost * (1 + invalid)),
    conversions,
    conversion_value: day.conversions === 0 ? 0 : round2((day.conversion_value * conversions) / day.conversions),
  };
}

/** Splits an integer over weights so the parts add up exactly (largest remainder). */
function apportion(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[i];
  const parts = new Array<number>(n);
  const remainders = new Array<number>(n);
  let assigned = 0;
  for (let i = 0; i < n; i++) {
    const exact = (total * weights[i]) / sum;
    parts[i] = Math.floor(exact);
    remainders[i] = exact - parts[i];
    assigned += parts[i];
  }
  // One more for each of the `left` largest remainders, the earlier index first on a tie (the
  // remainders add up to what is left, so fewer than n; past n the order would start again).
  const taken = new Array<boolean>(n).fill(false);
  for (let left = total - assigned, picked = 0; left > 0; left--, picked++) {
    if (picked === n) {
      taken.fill(false);
      picked = 0;
    }
    let best = -1;
    for (let i = 0; i < n; i++) if (!taken[i] && (best < 0 || remainders[i] > remainders[best])) best = i;
    parts[best] += 1;
    taken[best] = true;
  }
  return parts;
}

/** The day's numbers spread over 24 hours; integer metrics add up to the day exactly. */
export function adGroupHours(account: Account, date: string, adGroup: DemoAdGroup, day: AdsMetrics): AdsMetrics[] {
  const random = seeded("hours", account.id, date, adGroup.id);
  const weights = HOURLY_PROFILE.map((w) => w * between(random, 0.7, 1.3));
  const impressions = apportion(day.impressions, weights);
  const clicks = apportion(day.clicks, weights);
  const conversions = apportion(day.conversions, clicks.map((c) => c + 0.01));
  return impressions.map((imp, h) => ({
    impressions: imp,
    clicks: clicks[h],
    cost: day.clicks === 0 ? 0 : round2((day.cost * clicks[h]) / day.clicks),
    conversions: conversions[h],
    conversion_value: day.conversions === 0 ? 0 : round2((day.conversion_value * conversions[h]) / day.conversions),
  }));
}

const PRODUCTS = [
  { name: "Linen shirt", category: "Apparel", priceUsd: 59 },
  { name: "Trail backpack", category: "Outdoor", priceUsd: 119 },
  { name: "Ceramic mug", category: "Home", priceUsd: 18 },
  { name: "Wireless earbuds", category: "Electronics", priceUsd: 89 },
  { name: "Hardcover notebook", category: "Stationery", priceUsd: 24 },
  { name: "Merino beanie", category: "Apparel", priceUsd: 35 },
  { name: "Desk lamp", category: "Home", priceUsd: 72 },
  { name: "Travel adapter", category: "Electronics", priceUsd: 29 },
];

export interface OrderLine {
  order_id: string;
  hour: number;
  product: string;
  product_category: string;
  items: number;
  revenue: number;
}

/** The order lines of one account's day: 8 to 40 orders of 1 to 3 products. */
export function orderLines(account: Account, date: string): OrderLine[] {
  const random = seeded("orders", account.id, date);
  const scale = currencyScale(account.currency);
  const count = Math.round(between(random, 8, 40) * dayFactor(date));
  const lines: OrderLine[] = [];
  const cumulative = HOURLY_PROFILE.map(
    (
      (sum) => (w: number) =>
        (sum += w)
    )(0),
  );
  const total = cumulative[cumulative.length - 1];
  for (let i = 0; i < count; i++) {
    const orderId = `${account.id}-${date.replaceAll("-", "")}-${String(i + 1).padStart(3, "0")}`;
    const target = random() * total;
    const hour = cumulative.findIndex((c) => c >= target);
    const products = [...PRODUCTS];
    const lineCount = 1 + Math.floor(random() * 3);
    for (let l = 0; l < lineCount; l++) {
      const product = products.splice(Math.floor(random() * products.length), 1)[0];
      const items = 1 + Math.floor(random() * 3);
      lines.push({
        order_id: orderId,
        hour,
        product: product.name,
        product_category: product.category,
        items,
        revenue: round2(product.priceUsd * items * scale),
      });
    }
  }
  return lines;
}

// ---- automatic checks (issue 7) ------------------------------------------------------------

/** One landing page per campaign; the last campaign's page is missing (a 404 to find). */
export function demoLandingPages(accountId: string): { campaignId: string; path: string }[] {
  const campaigns = campaignsOf(accountId);
  return campaigns.map((c, i) => ({ campaignId: c.id, path: i === campaigns.length - 1 ? `/discontinued/${c.id}` : `/landing/${c.id}` }));
}

/** Two tags per account; the second stopped firing on accounts whose id hashes odd. */
export function demoConversionTags(accountId: string): { tagId: string; name: string; status: string; type: string; lastView: string | null }[] {
  const random = seeded("tags", accountId);
  const broken = random() < 0.5;
  return [
    { tagId: `${accountId}-t1`, name: "Purchase", status: "ENABLED", type: "WEBPAGE", lastView: null },
    { tagId: `${accountId}-t2`, name: "Newsletter sign-up", status: broken ? "NO_RECENT_CONVERSIONS" : "ENABLED", type: "WEBPAGE", lastView: null },
  ];
}

/** The account's shop domain, verified, and a campaign microsite that is not. */
export function demoDomains(accountId: string): { domain: string; verifiedBy: string | null; verifiedAt: string | null }[] {
  const slug = accountId.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  return [
    { domain: `${slug}.example.com`, verifiedBy: "DNS TXT record", verifiedAt: "2026-01-15" },
    { domain: `promo-${slug}.example.net`, verifiedBy: null, verifiedAt: null },
  ];
}

/**
 * The shop's catalogue as the ads platform sees it (product_available): four products; one out
 * of stock still advertised (the anomaly to find), one out of stock no longer advertised, one on
 * preorder not advertised. Yesterday's spend only on advertised products.
 */
export function demoProducts(accountId: string): { productId: string; title: string; availability: string; advertised: boolean; costYesterday: number | null }[] {
  const random = seeded("products", accountId);
  const cost = () => Math.round(between(random, 2, 40) * 100) / 100;
  return [
    { productId: `${accountId}-p1`, title: "Running shoes", availability: "IN_STOCK", advertised: true, costYesterday: cost() },
    { productId: `${accountId}-p2`, title: "Trail jacket", availability: "OUT_OF_STOCK", advertised: true, costYesterday: cost() },
    { productId: `${accountId}-p3`, title: "Wool socks", availability: "OUT_OF_STOCK", advertised: false, costYesterday: null },
    { productId: `${accountId}-p4`, title: "Camping tent", availability: "PREORDER", advertised: false, costYesterday: null },
  ];
}
