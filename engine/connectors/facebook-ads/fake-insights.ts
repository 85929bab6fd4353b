// The Meta Ads fake's insight objects: any field, breakdown and action breakdown of the generated
// catalogue, from the generic value generator (tests/fakes/support/field-values.ts). The finest
// grain is one campaign's ad (each campaign has one ad set with one ad), one day, one hour; the
// account level sums its campaigns, breakdown members split each cell, and action lists are split
// by action type (and by the action breakdowns' members), so every total adds up. The breakdown
// rules are rules.ts's, answered with Graph's error 100 like Graph does. Test-only.
import { fieldValues, type MetricField, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";
import type { InsightsField } from "./fields.js";
import { INSIGHTS_FIELDS } from "./fields.generated.js";
import { conflictOf } from "./rules.js";

export const gen = fieldValues("facebook-ads");

export type FakeLevel = "account" | "campaign" | "adset" | "ad";

export interface InsightsParams {
  level: FakeLevel;
  fields: string[];
  since: string;
  until: string;
  daily: boolean;
  breakdowns: string[];
  actionBreakdowns: string[];
  /** action_attribution_windows: each action stat gets one more key per window. */
  windows: string[];
}

export interface FakeAccount {
  account_id: string;
  name: string;
  currency: string;
}
export interface FakeCampaign {
  id: string;
  name: string;
  objective: string;
}

const BY_SOURCE = (source: string) => new Map(INSIGHTS_FIELDS.filter((f) => f.source === source).map((f) => [f.api, f]));
const FIELDS = BY_SOURCE("field");
const BREAKDOWNS = BY_SOURCE("breakdown");
const ACTION_BREAKDOWNS = BY_SOURCE("action_breakdown");
export const HOURLY = "hourly_stats_aggregated_by_advertiser_time_zone";

/** Members of the breakdowns a test looks at; the others get two generated members. */
const MEMBERS: Record<string, string[]> = {
  age: ["18-24", "25-34", "35-44", "45-54", "55-64", "65+"],
  gender: ["female", "male", "unknown"],
  country: ["FR", "US", "DE"],
  region: ["Île-de-France", "New York", "Bavaria"],
  publisher_platform: ["facebook", "instagram", "audience_network", "messenger"],
  platform_position: ["feed", "story", "reels"],
  impression_device: ["desktop", "iphone", "android_smartphone"],
  device_platform: ["desktop", "mobile"],
  action_device: ["desktop", "iphone", "android_smartphone"],
  action_type: [],
};

export function membersOf(api: string): string[] {
  return MEMBERS[api] ?? gen.members({ id: api, kind: "text" }, 2);
}

/** The action types the fake's action lists hold: clicks, page views and every standard event's omni_ type. */
export const ACTION_TYPES = ["link_click", "landing_page_view", ...INSIGHTS_FIELDS.filter((f) => f.source === "action" && f.api === "actions").map((f) => f.actionTypes![0])];
/** Lists that count one thing (video plays, outbound clicks) hold a single type. */
const singleType = (api: string) => (/^(actions|unique_actions|action_values|conversions|conversion_values|unique_conversions|cost_per_action_type|cost_per_unique_action_type|cost_per_conversion|cost_per_unique_conversion)$/.test(api) ? undefined : /video/.test(api) ? "video_view" : /outbound/.test(api) ? "outbound_click" : "omni_purchase");

function metricKind(field: InsightsField, series: string): MetricField {
  if (field.aggregation === "AUTO") return { id: series, kind: "distinct" };
  if (field.aggregation !== "SUM") {
    const scale = field.fieldType === "PERCENT" ? 100 : field.fieldType === "CURRENCY" ? 5 : field.fieldType === "DURATION" ? 30 : 3;
    return { id: series, kind: "ratio", scale };
  }
  // Conversions happen in some hours only.
  const sparse = /purchase|lead|conversion|cart|checkout|registration/.test(series) ? 0.4 : 0;
  return { id: series, kind: field.fieldType === "CURRENCY" ? "amount" : "count", sparse };
}

const money = (n: number) => n.toFixed(2);
const pad = (h: number) => String(h).padStart(2, "0");

interface Scope {
  entities: string[];
  days: string[];
  hours?: number[];
  cell: SplitOf[];
}

const value = (kind: MetricField, scope: Scope) => gen.metric(kind, { entities: scope.entities, days: scope.days, hours: scope.hours, cell: scope.cell });

/** impressions, clicks, spend and conversions of a scope: the figures the core ratios derive from. */
export function coreMetrics(scope: Scope) {
  const impressions = value({ id: "impressions", kind: "count" }, scope) ?? 0;
  const clicks = value({ id: "clicks", kind: "count" }, scope) ?? 0;
  const spend = value({ id: "spend", kind: "amount" }, scope) ?? 0;
  const reach = value({ id: "impressions", kind: "distinct" }, scope) ?? 0;
  return { impressions, clicks, spend, reach };
}

/** A scalar insights field's value as Graph writes it (a string), undefined when Graph leaves it out. */
function scalar(field: InsightsField, scope: Scope, key: string): unknown {
  const count = (id: string) => value({ id, kind: "count" }, scope) ?? 0;
  const spend = () => value({ id: "spend", kind: "amount" }, scope) ?? 0;
  const reach = () => value({ id: "impressions", kind: "distinct" }, scope) ?? 0;
  const ratio = (a: number, b: number, times = 1) => (b ? ((a / b) * times).toFixed(6) : undefined);
  const nonZero = (n: number, text = String(n)) => (n ? text : undefined);
  // The ratios Ads Manager shows are derived from their parts, as Graph does.
  switch (field.api) {
    case "impressions":
    case "clicks":
      return nonZero(count(field.api));
    case "spend":
      return nonZero(spend(), money(spend()));
    case "reach":
      return nonZero(reach());
    case "ctr":
      return ratio(count("clicks"), count("impressions"), 100);
    case "cpc":
      return ratio(spend(), count("clicks"));
    case "cpm":
      return ratio(spend(), count("impressions"), 1000);
    case "cpp":
      return ratio(spend(), reach(), 1000);
    case "frequency":
      return ratio(count("impressions"), reach());
  }
  if (field.type === "dimension") return gen.dimension({ id: field.api, kind: field.fieldType === "DATETIME" ? "datetime" : "text" }, key);
  const n = value(metricKind(field, field.api), scope);
  if (n === null || n === 0) return undefined;
  return field.fieldType === "CURRENCY" && field.aggregation === "SUM" ? money(n) : String(n);
}

/** An action list: one AdsActionStats per action type (and action breakdown member) with a value. */
function actionList(field: InsightsField, scope: Scope, p: InsightsParams): Record<string, unknown>[] | undefined {
  const only = singleType(field.api);
  const types = only ? [only] : ACTION_TYPES;
  const breakdowns = p.actionBreakdowns.filter((b) => b !== "action_type");
  let cells: SplitOf[][] = [[]];
  for (const b of breakdowns) {
    const members = membersOf(b);
    cells = cells.flatMap((cell) => members.map((member) => [...cell, { dimension: `action:${b}`, members, member }]));
  }
  const out: Record<string, unknown>[] = [];
  for (const type of types) {
    for (const cell of cells) {
      const stat = (series: string) => {
        const n = value(metricKind(field, series), { ...scope, cell: [...scope.cell, ...cell] });
        return n === null ? undefined : field.fieldType === "CURRENCY" ? money(n) : String(n);
      };
      const v = stat(`${field.api}:${type}`);
      if (v === undefined || Number(v) === 0) continue;
      const entry: Record<string, unknown> = { action_type: type, value: v };
      for (const { dimension, member } of cell) entry[dimension.slice("action:".length)] = member;
      for (const window of p.windows) entry[window] = stat(`${field.api}:${type}:${window}`) ?? "0";
      out.push(entry);
    }
  }
  return out.length > 0 ? out : undefined;
}

/** Graph's error for a request the rules refuse, or for a name it does not know. */
export function invalidRequest(p: InsightsParams): string | undefined {
  for (const name of p.fields) if (!FIELDS.has(name)) return `(#100) ${name} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`;
  for (const name of p.breakdowns) if (!BREAKDOWNS.has(name)) return `(#100) breakdowns[0] must be one of the following values: ${[...BREAKDOWNS.keys()].slice(0, 10).join(", ")}, ...`;
  for (const name of p.actionBreakdowns) if (!ACTION_BREAKDOWNS.has(name)) return `(#100) action_breakdowns[0] must be one of the following values: ${[...ACTION_BREAKDOWNS.keys()].join(", ")}`;
  const asked = [...p.fields.map((n) => FIELDS.get(n)!), ...p.breakdowns.map((n) => BREAKDOWNS.get(n)!), ...p.actionBreakdowns.filter((n) => n !== "action_type").map((n) => ACTION_BREAKDOWNS.get(n)!)];
  for (const a of asked) {
    for (const b of asked) {
      if (a !== b && conflictOf(a, b)) return `(#100) Current combination of data breakdown columns (${[...p.breakdowns, ...p.actionBreakdowns].join(", ")}) with fields (${a.api}, ${b.api}) is invalid`;
    }
  }
  return undefined;
}

/** The insight objects of an account for a request, one per entity, slice and breakdown cell. */
export function fakeInsights(account: FakeAccount, campaigns: FakeCampaign[], p: InsightsParams): Record<string, unknown>[] {
  const entities = p.level === "account" ? (campaigns.length ? [undefined] : []) : campaigns;
  const hourly = p.breakdowns.includes(HOURLY);
  const splits = p.breakdowns.filter((b) => b !== HOURLY);
  let cells: SplitOf[][] = [[]];
  for (const b of splits) {
    const members = membersOf(b);
    cells = cells.flatMap((cell) => members.map((member) => [...cell, { dimension: b, members, member }]));
  }
  const days = daysBetween(p.since, p.until);
  const slices: { since: string; until: string; days: string[]; hour?: number }[] = [];
  if (!p.daily && !hourly) slices.push({ since: p.since, until: p.until, days });
  else for (const date of days) for (const hour of hourly ? Array.from({ length: 24 }, (_, h) => h) : [undefined]) slices.push({ since: date, until: date, days: [date], hour });

  const rows: Record<string, unknown>[] = [];
  for (const slice of slices) {
    for (const campaign of entities) {
      for (const cell of cells) {
        const scope: Scope = { entities: campaign ? [`${account.account_id}/${campaign.id}`] : campaigns.map((c) => `${account.account_id}/${c.id}`), days: slice.days, hours: slice.hour === undefined ? undefined : [slice.hour], cell };
        // Graph answers nothing for a slice without delivery.
        if ((value({ id: "impressions", kind: "count" }, scope) ?? 0) === 0) continue;
        const known: Record<string, unknown> = {
          account_id: account.account_id,
          account_name: account.name,
          account_currency: account.currency,
          campaign_id: campaign?.id,
          campaign_name: campaign?.name,
          objective: campaign?.objective,
          adset_id: campaign ? `${campaign.id}1` : undefined,
          adset_name: campaign ? `${campaign.name} - ad set` : undefined,
          ad_id: campaign ? `${campaign.id}11` : undefined,
          ad_name: campaign ? `${campaign.name} - ad` : undefined,
        };
        const key = campaign ? `${account.account_id}/${campaign.id}` : account.account_id;
        const row: Record<string, unknown> = {};
        for (const name of p.fields) {
          const field = FIELDS.get(name)!;
          if (name in known) row[name] = known[name];
          else if (name === "date_start" || name === "date_stop") continue;
          else if (field.shape === "actions") row[name] = actionList(field, scope, p);
          else row[name] = scalar(field, scope, key);
          if (row[name] === undefined) delete row[name];
        }
        row.date_start = slice.since;
        row.date_stop = slice.until;
        for (const { dimension, member } of cell) row[dimension] = member;
        if (slice.hour !== undefined) row[HOURLY] = `${pad(slice.hour)}:00:00 - ${pad(slice.hour)}:59:59`;
        rows.push(row);
      }
    }
  }
  return rows;
}
