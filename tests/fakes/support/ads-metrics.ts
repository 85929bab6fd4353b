import { eachDay } from "../../../engine/core/dates.js";
import { seeded } from "../../../engine/connectors/demo/prng.js";

// Deterministic ad metrics for platform fakes: the same seed (account, campaign, day, hour) always
// gives the same numbers, so tests assert exact values and a day equals the sum of its hours.
export interface HourMetrics {
  impressions: number;
  clicks: number;
  /** In the account currency, two decimals. */
  cost: number;
  conversions: number;
  conversionValue: number;
}

/** One hour of one entity; `seed` names the entity (e.g. "1001/c1"). */
export function hourMetrics(seed: string, date: string, hour: number): HourMetrics {
  const rand = seeded(seed, date, hour);
  const daylight = hour >= 7 && hour <= 22 ? 1 : 0.25;
  const impressions = Math.floor((200 + rand() * 800) * daylight);
  const clicks = Math.floor(impressions * (0.01 + rand() * 0.03));
  const cost = Math.round(clicks * (0.2 + rand() * 0.8) * 100) / 100;
  const conversions = Math.floor(clicks * rand() * 0.1);
  const conversionValue = Math.round(conversions * (20 + rand() * 60) * 100) / 100;
  return { impressions, clicks, cost, conversions, conversionValue };
}

/** The 24 hours summed (cost and value rounded to cents). */
export function dayMetrics(seed: string, date: string): HourMetrics {
  return sumMetrics(Array.from({ length: 24 }, (_, hour) => hourMetrics(seed, date, hour)));
}

export function sumMetrics(all: HourMetrics[]): HourMetrics {
  const out: HourMetrics = { impressions: 0, clicks: 0, cost: 0, conversions: 0, conversionValue: 0 };
  for (const m of all) {
    out.impressions += m.impressions;
    out.clicks += m.clicks;
    out.cost += m.cost;
    out.conversions += m.conversions;
    out.conversionValue += m.conversionValue;
  }
  out.cost = Math.round(out.cost * 100) / 100;
  out.conversionValue = Math.round(out.conversionValue * 100) / 100;
  return out;
}

/** Inclusive list of YYYY-MM-DD days. */
export const daysBetween = (start: string, end: string): string[] => eachDay({ start, end });
