// The Meta Ads catalogue at run time: the generated Insights fields, breakdowns, action breakdowns
// and action columns (fields.generated.ts), plus the configuration values read from the campaign
// and ad set objects (checks.ts), arranged by level.
// https://developers.facebook.com/docs/marketing-api/reference/ads-insights/
import { dimension } from "../../core/field-defs.js";
import { reportConfigField } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";
import { ATTRIBUTION_WINDOWS, INSIGHTS_FIELDS } from "./fields.generated.js";
import type { GeneratedInsightsField, Level } from "./insights-field.js";

export type { Level } from "./insights-field.js";

export const REPORTS: (ReportDef & { level: Level })[] = [
  { id: "account", name: "Account", description: "Ad account totals per day (or hour).", level: "account" },
  { id: "campaigns", name: "Campaigns", description: "Campaign performance per day (or hour).", level: "campaign" },
  { id: "adsets", name: "Ad sets", description: "Ad set performance per day (or hour).", level: "adset" },
  { id: "ads", name: "Ads", description: "Ad performance per day (or hour).", level: "ad" },
];
export const DEFAULT_REPORT = "campaigns";

/** A catalogue field: generated from the SDK, or a configuration value of the campaign/ad set objects. */
export type InsightsField = GeneratedInsightsField;

const objectField = (id: string, name: string, description: string, level: Level, fieldType: FieldDef["fieldType"] = "TEXT"): InsightsField => ({
  ...dimension(id, name, fieldType, description),
  category: "Configuration (campaign and ad set objects)",
  api: "",
  source: "object",
  level,
});

/** Configuration values (kpi alerts): read from the campaign and ad set objects (checks.ts), not from insights. */
const OBJECT_FIELDS: InsightsField[] = [
  objectField("campaign_status", "Campaign status", "The campaign's effective status (ACTIVE, PAUSED, CAMPAIGN_PAUSED, ...).", "campaign"),
  objectField("campaign_daily_budget", "Campaign daily budget", "The campaign's daily budget in the account currency (campaign budget optimisation), empty when set on ad sets.", "campaign", "NUMBER"),
  objectField("campaign_lifetime_budget", "Campaign lifetime budget", "The campaign's lifetime budget in the account currency, empty when none.", "campaign", "NUMBER"),
  objectField("adset_status", "Ad set status", "The ad set's effective status.", "adset"),
  objectField("adset_daily_budget", "Ad set daily budget", "The ad set's daily budget in the account currency, empty when none.", "adset", "NUMBER"),
];

export const FIELDS: readonly InsightsField[] = [...INSIGHTS_FIELDS, ...OBJECT_FIELDS];
export const FIELD_BY_ID: ReadonlyMap<string, InsightsField> = new Map(FIELDS.map((f) => [f.id, f]));

const LEVEL_ORDER: Level[] = ["account", "campaign", "adset", "ad"];
const LEADING = ["date", "hour"];

/** The fields a report offers: everything at or above its level; date and hour first. */
export function fieldsOfLevel(level: Level): InsightsField[] {
  const depth = LEVEL_ORDER.indexOf(level);
  const all = FIELDS.filter((f) => !f.level || LEVEL_ORDER.indexOf(f.level) <= depth);
  return [...LEADING.map((id) => all.find((f) => f.id === id)!), ...all.filter((f) => !LEADING.includes(f.id))];
}

export const FIELDS_OF_REPORT: Readonly<Record<string, InsightsField[]>> = Object.fromEntries(REPORTS.map((r) => [r.id, fieldsOfLevel(r.level)]));

const asDef = ({ id, name, description, type, fieldType, aggregation, category }: InsightsField): FieldDef => ({ id, name, description, type, fieldType, aggregation, category });

/** Each report's declared fields, for resolveReportRequest. */
export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(Object.entries(FIELDS_OF_REPORT).map(([id, fields]) => [id, fields.map(asDef)]));

export const REPORT_HELP = "The level of the insights: account, campaigns, ad sets or ads.";

/** The option naming the attribution window action columns are read in. */
export const ATTRIBUTION_OPTION = "attribution_window";
/** Ads Manager's numbers: the ad account's own attribution setting. */
export const ACCOUNT_ATTRIBUTION = "account_setting";

export const CONFIG_FIELDS: ConfigField[] = [
  reportConfigField(REPORTS, DEFAULT_REPORT, REPORT_HELP),
  {
    id: ATTRIBUTION_OPTION,
    name: "Attribution window",
    helpText: "The window actions and their values are counted in: the ad account's attribution setting (as Ads Manager shows), or one of Meta's windows (7-day click, 1-day view, ...).",
    allowedMultiple: false,
    values: [{ value: ACCOUNT_ATTRIBUTION, label: "Account attribution setting" }, ...ATTRIBUTION_WINDOWS.map((w) => ({ value: w, label: w.replace(/_/g, " ") }))],
    default: ACCOUNT_ATTRIBUTION,
    type: "multiple",
  },
];
