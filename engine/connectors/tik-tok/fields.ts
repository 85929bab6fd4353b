// TikTok Ads reports and fields (decision 0907): the BASIC report at advertiser, campaign, ad group
// and ad level, and the AUDIENCE report with its breakdowns as dimensions, over the metrics
// transcribed in catalogue.data.ts. Dimensions are ids and stat_time_day / stat_time_hour (and the
// audience breakdowns); names and settings are "attribute metrics".
import { dimension } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";
import { fieldOf, type CompatibilityRules } from "../shared/column-catalogue.js";
import { TIKTOK_AUDIENCE_DIMENSIONS, TIKTOK_COLUMNS, TIKTOK_NOT_IN_AUDIENCE } from "./catalogue.data.js";

export type DataLevel = "AUCTION_ADVERTISER" | "AUCTION_CAMPAIGN" | "AUCTION_ADGROUP" | "AUCTION_AD";

export interface TikTokReport extends ReportDef {
  reportType: "BASIC" | "AUDIENCE";
  dataLevel: DataLevel;
  idDimension: string;
}

const LEVELS: { id: string; name: string; dataLevel: DataLevel; idDimension: string }[] = [
  { id: "account", name: "Advertiser", dataLevel: "AUCTION_ADVERTISER", idDimension: "advertiser_id" },
  { id: "campaigns", name: "Campaigns", dataLevel: "AUCTION_CAMPAIGN", idDimension: "campaign_id" },
  { id: "adgroups", name: "Ad groups", dataLevel: "AUCTION_ADGROUP", idDimension: "adgroup_id" },
  { id: "ads", name: "Ads", dataLevel: "AUCTION_AD", idDimension: "ad_id" },
];

export const REPORTS: TikTokReport[] = [
  ...LEVELS.map((l) => ({ ...l, reportType: "BASIC" as const, description: `${l.name} performance per day (or hour).` })),
  ...LEVELS.map((l) => ({ ...l, id: `audience_${l.id}`, name: `${l.name} by audience`, reportType: "AUDIENCE" as const, description: `${l.name} performance broken down by age, gender, country, platform, ... (AUDIENCE report).` })),
];
export const DEFAULT_REPORT = "campaigns";
export const REPORT_HELP = "Advertiser totals, or one row per campaign, ad group or ad; the audience reports break them down.";

export interface ReportField extends FieldDef {
  /** The TikTok dimension or metric name; absent for fields we fill ourselves. */
  api?: string;
  /** A dimension of the request (ids, audience breakdowns) rather than an attribute metric. */
  requestDimension?: boolean;
}

const time = (id: string, name: string, fieldType: FieldDef["fieldType"], description: string): ReportField => ({ ...dimension(id, name, fieldType, description), category: "Time" });
const own = (id: string, name: string, description: string, category: string, api?: string, requestDimension = false): ReportField => ({ ...dimension(id, name, "TEXT", description), category, api, requestDimension });
const column = (name: string): ReportField => ({ ...fieldOf(TIKTOK_COLUMNS[name]), api: name });

/** Attribute metrics available from each level down. */
const ATTRIBUTES_OF: Record<DataLevel, string[]> = {
  AUCTION_ADVERTISER: ["currency"],
  AUCTION_CAMPAIGN: ["currency", "campaign_name", "objective_type", "campaign_budget", "campaign_dedicate_type", "split_test", "app_promotion_type"],
  AUCTION_ADGROUP: ["currency", "campaign_name", "adgroup_name", "placement_type", "promotion_type", "opt_status", "adgroup_download_url", "profile_image", "dpa_target_audience_type", "budget", "smart_target", "pricing_category", "bid_strategy", "bid", "bid_secondary_goal", "aeo_type"],
  AUCTION_AD: ["currency", "campaign_name", "adgroup_name", "ad_name", "ad_text", "call_to_action", "ad_profile_image", "ad_url", "tt_app_id", "tt_app_name", "mobile_app_id", "image_mode", "is_aco", "is_smart_creative"],
};
/** Parent ids reported as attribute metrics below their level. */
const IDS_OF: Record<DataLevel, [string, string][]> = {
  AUCTION_ADVERTISER: [],
  AUCTION_CAMPAIGN: [["campaign_id", "Campaign ID"]],
  AUCTION_ADGROUP: [["campaign_id", "Campaign ID"], ["adgroup_id", "Ad group ID"]],
  AUCTION_AD: [["campaign_id", "Campaign ID"], ["adgroup_id", "Ad group ID"], ["ad_id", "Ad ID"]],
};

export const AUDIENCE_FIELDS: ReportField[] = TIKTOK_AUDIENCE_DIMENSIONS.map(([api, name, description]) => ({ ...dimension(`audience_${api}`, name, "TEXT", description), category: "Audience breakdown", api, requestDimension: true }));

const METRICS = Object.values(TIKTOK_COLUMNS).filter((c) => c.kind === "metric").map((c) => c.column);

function fieldsOf(report: TikTokReport): ReportField[] {
  const ids = IDS_OF[report.dataLevel].map(([id, name]) => own(id, name, `The ${name.replace(/ ID$/, "").toLowerCase()} id.`, name.replace(/ ID$/, ""), id, id === report.idDimension));
  const audience = report.reportType === "AUDIENCE";
  return [
    time("date", "Date", "YEAR_MONTH_DAY", "The day in the advertiser's timezone (stat_time_day)."),
    ...(audience ? [] : [time("hour", "Hour", "HOUR", "Hour of the day (0-23) in the advertiser's timezone (stat_time_hour).")]),
    own("account_id", "Advertiser ID", "The advertiser id.", "Advertiser"),
    own("account_name", "Advertiser name", "The advertiser name.", "Advertiser"),
    ...ids,
    ...ATTRIBUTES_OF[report.dataLevel].map(column),
    ...(audience ? AUDIENCE_FIELDS : []),
    ...METRICS.filter((m) => !(audience && TIKTOK_NOT_IN_AUDIENCE.has(m))).map(column),
  ];
}

export const FIELDS_OF: Record<string, ReportField[]> = Object.fromEntries(REPORTS.map((r) => [r.id, fieldsOf(r)]));

export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(
  Object.entries(FIELDS_OF).map(([report, fields]) => [report, fields.map(({ api: _api, requestDimension: _d, ...field }) => field)]),
);

/**
 * AUDIENCE dimension groupings: age and gender combine, every other breakdown stands alone
 * (Reporting > Audience reports, "Supported dimension groupings").
 */
const PAIRABLE = new Set(["audience_age", "audience_gender"]);
const ALONE = AUDIENCE_FIELDS.map((f) => f.id).filter((id) => !PAIRABLE.has(id));
export const TIKTOK_RULES: CompatibilityRules = {
  exclusions: ALONE.map((id) => ({ when: [id], excludes: AUDIENCE_FIELDS.map((f) => f.id).filter((other) => other !== id), reason: "TikTok's audience report combines age with gender only; every other breakdown is read alone" })),
};
