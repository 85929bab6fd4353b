// Deterministic data of the app-analytics fakes (Adjust, AppsFlyer, Branch, Amplitude, Mixpanel):
// the same (app, day, partner) always gives the same figures, from FIRST_DAY on, so tests assert
// exact values computed from the fake's own model.
import { seeded } from "../../../engine/connectors/demo/prng.js";
import { activeDays } from "./ads-family.js";

export { activeDays };

export interface AppDay {
  impressions: number;
  clicks: number;
  installs: number;
  sessions: number;
  /** Two decimals. */
  revenue: number;
  cost: number;
}

/** Attribution partners (media sources) every fake app has. */
export const PARTNERS = [
  { id: "googleadwords_int", name: "Google Ads", campaign: "Search brand" },
  { id: "Facebook Ads", name: "Meta", campaign: "Lookalike 1%" },
  { id: "Organic", name: "Organic", campaign: "" },
] as const;

export function appDay(app: string, day: string, partner: string): AppDay {
  const rand = seeded(app, day, partner);
  const impressions = partner === "Organic" ? 0 : Math.floor(2000 + rand() * 8000);
  const clicks = Math.floor(impressions * (0.01 + rand() * 0.02));
  const installs = partner === "Organic" ? Math.floor(20 + rand() * 60) : Math.floor(clicks * (0.1 + rand() * 0.2));
  const sessions = installs * 3 + Math.floor(rand() * 50);
  const revenue = Math.round(installs * rand() * 2 * 100) / 100;
  const cost = partner === "Organic" ? 0 : Math.round(clicks * (0.3 + rand()) * 100) / 100;
  return { impressions, clicks, installs, sessions, revenue, cost };
}

/** Sums of figures, money rounded to cents. */
export function sumDays(all: readonly AppDay[]): AppDay {
  const out: AppDay = { impressions: 0, clicks: 0, installs: 0, sessions: 0, revenue: 0, cost: 0 };
  for (const d of all) for (const k of Object.keys(out) as (keyof AppDay)[]) out[k] += d[k];
  out.revenue = Math.round(out.revenue * 100) / 100;
  out.cost = Math.round(out.cost * 100) / 100;
  return out;
}

/** An app's total over its partners on a day. */
export const appTotal = (app: string, day: string): AppDay => sumDays(PARTNERS.map((p) => appDay(app, day, p.id)));
