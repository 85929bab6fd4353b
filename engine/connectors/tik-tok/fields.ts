// TikTok BASIC report fields (https://business-api.tiktok.com/portal/docs?id=1751443956638721):
// dimensions are ids and stat_time_day/stat_time_hour; names are "attribute metrics".
import { dimension, metric as baseMetric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export type DataLevel = "AUCTION_ADVERTISER" | "AUCTION_CAMPAIGN" | "AUCTION_ADGROUP";

export const REPORTS: (ReportDef & { dataLevel: DataLevel; idDimension: string })[] = [
  { id: "account", name: "Advertiser", description: "Advertiser totals per day (or hour).", dataLevel: "AUCTION_ADVERTISER", idDimension: "advertiser_id" },
  { id: "campaigns", name: "Campaigns", description: "Campaign performance per day (or hour).", dataLevel: "AUCTION_CAMPAIGN", idDimension: "campaign_id" },
  { id: "adgroups", name: "Ad groups", description: "Ad group performance per day (or hour).", dataLevel: "AUCTION_ADGROUP", idDimension: "adgroup_id" },
];
export const DEFAULT_REPORT = "campaigns";
export const REPORT_HELP = "Advertiser totals, or one row per campaign or ad group.";

export interface ReportField extends FieldDef {
  /** The TikTok dimension or metric name (a dimension when it is the report's id dimension); absent for fields we fill ourselves. */
  api?: string;
}

const dim = (id: string, name: string, description: string, api?: string, fieldType: FieldDef["fieldType"] = "TEXT"): ReportField => ({
  ...dimension(id, name, fieldType, description),
  api,
});
const metric = (id: string, name: string, description: string, api: string, fieldType: FieldDef["fieldType"] = "NUMBER", aggregation: FieldDef["aggregation"] = "SUM"): ReportField => ({
  ...baseMetric(id, name, fieldType, aggregation, description),
  api,
});

const COMMON: ReportField[] = [
  dim("date", "Date", "The day in the advertiser's timezone (stat_time_day).", undefined, "YEAR_MONTH_DAY"),
  dim("hour", "Hour", "Hour of the day (0-23) in the advertiser's timezone (stat_time_hour).", undefined, "HOUR"),
  dim("account_id", "Advertiser ID", "The advertiser id."),
  dim("account_name", "Advertiser name", "The advertiser name."),
];
const CAMPAIGN: ReportField[] = [
  dim("campaign_id", "Campaign ID", "The campaign id.", "campaign_id"),
  dim("campaign_name", "Campaign name", "The campaign name.", "campaign_name"),
  dim("objective", "Objective", "The campaign objective (objective_type).", "objective_type"),
];
const ADGROUP: ReportField[] = [
  dim("adgroup_id", "Ad group ID", "The ad group id.", "adgroup_id"),
  dim("adgroup_name", "Ad group name", "The ad group name.", "adgroup_name"),
];
const METRICS: ReportField[] = [
  metric("impressions", "Impressions", "Times the ads were shown.", "impressions"),
  metric("clicks", "Clicks", "Clicks on the ads (destination clicks).", "clicks"),
  metric("cost", "Cost", "Spend in the advertiser's currency (spend).", "spend", "CURRENCY"),
  metric("conversions", "Conversions", "Conversions of the optimisation event (conversion).", "conversion"),
  metric("reach", "Reach", "Unique users reached; not additive across days.", "reach", "NUMBER", "MAX"),
  metric("video_views", "Video views", "Video plays (video_play_actions).", "video_play_actions"),
  metric("ctr", "CTR", "Clicks / impressions as a ratio (TikTok's percentage / 100).", "ctr", "PERCENT", "AVG"),
  metric("cpc", "CPC", "Cost per click.", "cpc", "CURRENCY", "AVG"),
  metric("cpm", "CPM", "Cost per 1,000 impressions.", "cpm", "CURRENCY", "AVG"),
];

export const FIELDS_OF: Record<string, ReportField[]> = {
  account: [...COMMON, ...METRICS],
  campaigns: [...COMMON, ...CAMPAIGN, ...METRICS],
  adgroups: [...COMMON, ...CAMPAIGN.filter((f) => f.id !== "objective"), ...ADGROUP, ...METRICS],
};
export const FIELD_BY_ID = new Map(Object.values(FIELDS_OF).flat().map((f) => [f.id, f]));

export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(
  Object.entries(FIELDS_OF).map(([report, fields]) => [report, fields.map(({ api: _api, ...field }) => field)]),
);
