// X Ads analytics metrics (https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation)
// and the metric_groups that carry them: a request names groups, not metrics.
import { dimension, metric as baseMetric } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export type MetricGroup = "ENGAGEMENT" | "BILLING" | "VIDEO" | "WEB_CONVERSION";

export const REPORTS: (ReportDef & { entity: "ACCOUNT" | "CAMPAIGN" })[] = [
  { id: "account", name: "Account", description: "Ad account totals per day (or hour).", entity: "ACCOUNT" },
  { id: "campaigns", name: "Campaigns", description: "Campaign performance per day (or hour).", entity: "CAMPAIGN" },
];
export const DEFAULT_REPORT = "campaigns";

export interface StatsField extends FieldDef {
  groups: MetricGroup[];
}

const dim = (id: string, name: string, description: string, fieldType: FieldDef["fieldType"] = "TEXT"): StatsField => ({ ...dimension(id, name, fieldType, description), groups: [] });

const metric = (id: string, name: string, description: string, groups: MetricGroup[], fieldType: FieldDef["fieldType"] = "NUMBER", aggregation: FieldDef["aggregation"] = "SUM"): StatsField => ({
  ...baseMetric(id, name, fieldType, aggregation, description),
  groups,
});

const COMMON: StatsField[] = [
  dim("date", "Date", "The day in the ad account's timezone.", "YEAR_MONTH_DAY"),
  dim("hour", "Hour", "Hour of the day (0-23) in the ad account's timezone (HOUR granularity).", "HOUR"),
  dim("account_id", "Account ID", "The ad account id."),
  dim("account_name", "Account name", "The ad account name."),
];

const CAMPAIGN: StatsField[] = [
  dim("campaign_id", "Campaign ID", "The campaign id."),
  dim("campaign_name", "Campaign name", "The campaign name."),
  dim("campaign_status", "Campaign status", "ACTIVE, PAUSED, DRAFT or DELETED (entity_status)."),
];

const METRICS: StatsField[] = [
  metric("impressions", "Impressions", "Times the promoted posts were seen.", ["ENGAGEMENT"]),
  metric("clicks", "Clicks", "All clicks on the promoted content.", ["ENGAGEMENT"]),
  metric("url_clicks", "Link clicks", "Clicks on links in the promoted content.", ["ENGAGEMENT"]),
  metric("engagements", "Engagements", "All engagements (clicks, likes, reposts, replies, follows...).", ["ENGAGEMENT"]),
  metric("cost", "Cost", "Spend in the account currency (billed_charge_local_micro / 1,000,000).", ["BILLING"], "CURRENCY"),
  metric("billed_engagements", "Billed engagements", "Engagements that were billed.", ["BILLING"]),
  metric("video_views", "Video views", "Total video views (video_total_views).", ["VIDEO"]),
  metric("conversions", "Conversions", "Website conversions: purchases, sign-ups, downloads and custom events (post-engagement and post-view).", ["WEB_CONVERSION"]),
  metric("purchases", "Purchases", "Website purchase conversions (conversion_purchases).", ["WEB_CONVERSION"]),
  metric("ctr", "CTR", "Clicks / impressions, as a ratio.", ["ENGAGEMENT"], "PERCENT", "AVG"),
  metric("cpc", "CPC", "Cost per click, in the account currency.", ["ENGAGEMENT", "BILLING"], "CURRENCY", "AVG"),
];

export const FIELDS_OF: Record<string, StatsField[]> = {
  account: [...COMMON, ...METRICS],
  campaigns: [...COMMON, ...CAMPAIGN, ...METRICS],
};

export const FIELD_BY_ID = new Map(FIELDS_OF.campaigns.map((f) => [f.id, f]));

/** Declared fields without the internal metric group list. */
export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(
  Object.entries(FIELDS_OF).map(([report, fields]) => [report, fields.map(({ groups: _groups, ...field }) => field)]),
);

export const REPORT_HELP = "Account totals or one row per campaign.";

export const PLACEMENT_CONFIG_FIELD: ConfigField = {
  id: "placement",
  name: "Placement",
  helpText: "Delivery on X itself, on the X publisher network (Audience Platform), or both added up.",
  allowedMultiple: false,
  values: [
    { value: "ALL_ON_TWITTER", label: "On X" },
    { value: "PUBLISHER_NETWORK", label: "Publisher network" },
    { value: "ALL", label: "Both" },
  ],
  default: "ALL_ON_TWITTER",
  type: "multiple",
};
