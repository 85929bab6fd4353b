// The insights fields we expose, and how each maps onto the Graph API's insights fields
// (https://developers.facebook.com/docs/marketing-api/reference/ads-insights/).
import { dimension, metric as baseMetric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";

export type Level = "account" | "campaign" | "adset" | "ad";

export const REPORTS: (ReportDef & { level: Level })[] = [
  { id: "account", name: "Account", description: "Ad account totals per day (or hour).", level: "account" },
  { id: "campaigns", name: "Campaigns", description: "Campaign performance per day (or hour).", level: "campaign" },
  { id: "adsets", name: "Ad sets", description: "Ad set performance per day (or hour).", level: "adset" },
  { id: "ads", name: "Ads", description: "Ad performance per day (or hour).", level: "ad" },
];
export const DEFAULT_REPORT = "campaigns";

export interface InsightsField extends FieldDef {
  /** The insights field(s) to request; empty for date/hour, which come from time_increment and breakdowns. */
  api: string[];
  /** The coarsest level that has this field (a campaign name needs level campaign or finer). */
  level?: Level;
  /** Graph omits reach and frequency under hourly breakdowns (they are not additive over hours). */
  notHourly?: boolean;
}

const dim = (id: string, name: string, description: string, api: string[], level?: Level, fieldType: FieldDef["fieldType"] = "TEXT"): InsightsField => ({
  ...dimension(id, name, fieldType, description),
  api,
  level,
});

const metric = (
  id: string,
  name: string,
  description: string,
  api: string[],
  fieldType: FieldDef["fieldType"] = "NUMBER",
  aggregation: FieldDef["aggregation"] = "SUM",
  notHourly = false,
): InsightsField => ({ ...baseMetric(id, name, fieldType, aggregation, description), api, notHourly });

export const FIELDS: InsightsField[] = [
  dim("date", "Date", "The day, in the ad account's timezone (date_start).", [], undefined, "YEAR_MONTH_DAY"),
  dim("hour", "Hour", "Hour of the day (0-23) in the ad account's timezone, from the hourly_stats_aggregated_by_advertiser_time_zone breakdown.", [], undefined, "HOUR"),
  dim("account_id", "Account ID", "The ad account id without the act_ prefix.", ["account_id"]),
  dim("account_name", "Account name", "The ad account name.", ["account_name"]),
  dim("account_currency", "Account currency", "The currency of cost fields.", ["account_currency"]),
  dim("campaign_id", "Campaign ID", "The campaign id.", ["campaign_id"], "campaign"),
  dim("campaign_name", "Campaign name", "The campaign name.", ["campaign_name"], "campaign"),
  dim("objective", "Objective", "The campaign objective (OUTCOME_SALES, OUTCOME_TRAFFIC, ...).", ["objective"], "campaign"),
  dim("adset_id", "Ad set ID", "The ad set id.", ["adset_id"], "adset"),
  dim("adset_name", "Ad set name", "The ad set name.", ["adset_name"], "adset"),
  // Configuration values (kpi alerts): read from the campaign and ad set objects (checks.ts).
  dim("campaign_status", "Campaign status", "The campaign's effective status (ACTIVE, PAUSED, CAMPAIGN_PAUSED, ...).", [], "campaign"),
  dim("campaign_daily_budget", "Campaign daily budget", "The campaign's daily budget in the account currency (campaign budget optimisation), empty when set on ad sets.", [], "campaign", "NUMBER"),
  dim("campaign_lifetime_budget", "Campaign lifetime budget", "The campaign's lifetime budget in the account currency, empty when none.", [], "campaign", "NUMBER"),
  dim("adset_status", "Ad set status", "The ad set's effective status.", [], "adset"),
  dim("adset_daily_budget", "Ad set daily budget", "The ad set's daily budget in the account currency, empty when none.", [], "adset", "NUMBER"),
  dim("ad_id", "Ad ID", "The ad id.", ["ad_id"], "ad"),
  dim("ad_name", "Ad name", "The ad name.", ["ad_name"], "ad"),
  metric("impressions", "Impressions", "Times the ads were on screen.", ["impressions"]),
  metric("clicks", "Clicks (all)", "All clicks, including likes, comments and profile clicks.", ["clicks"]),
  metric("link_clicks", "Link clicks", "Clicks on links to the advertiser's destinations (inline_link_clicks).", ["inline_link_clicks"]),
  metric("cost", "Cost", "Amount spent, in the account currency (spend).", ["spend"], "CURRENCY"),
  metric("reach", "Reach", "Accounts that saw the ads at least once. Not additive across days.", ["reach"], "NUMBER", "MAX", true),
  metric("frequency", "Frequency", "Average times each account saw the ads.", ["frequency"], "NUMBER", "AVG", true),
  metric("ctr", "CTR", "Clicks / impressions, as a ratio (Graph's ctr percentage divided by 100).", ["ctr"], "PERCENT", "AVG"),
  metric("cpc", "CPC", "Cost per click, in the account currency.", ["cpc"], "CURRENCY", "AVG"),
  metric("cpm", "CPM", "Cost per 1,000 impressions, in the account currency.", ["cpm"], "CURRENCY", "AVG"),
  metric("conversions", "Conversions", "Conversions of the ads' optimisation events (the conversions field, all action types summed).", ["conversions"]),
  metric("purchases", "Purchases", "Purchase actions (action_type purchase) in the account's attribution setting.", ["actions"]),
  metric("purchase_value", "Purchase value", "Value of purchase actions, in the account currency.", ["action_values"], "CURRENCY"),
  metric("leads", "Leads", "Lead actions (action_type lead).", ["actions"]),
];

export const FIELD_BY_ID = new Map(FIELDS.map((f) => [f.id, f]));

const LEVEL_ORDER: Level[] = ["account", "campaign", "adset", "ad"];

/** The fields a report offers: everything at or above its level. */
export function fieldsOfLevel(level: Level): InsightsField[] {
  const depth = LEVEL_ORDER.indexOf(level);
  return FIELDS.filter((f) => !f.level || LEVEL_ORDER.indexOf(f.level) <= depth);
}

export const REPORT_HELP = "The level of the insights: account, campaigns, ad sets or ads.";

/** Each report's declared fields, for resolveReportRequest. */
export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(
  REPORTS.map((r) => [r.id, fieldsOfLevel(r.level).map(({ api: _api, level: _level, notHourly: _notHourly, ...field }) => field)]),
);
