// X Ads analytics metrics (https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation)
// and the metric_groups that carry them: a request names groups, not metrics.
import { dimension, metric as baseMetric } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";
import { snakeId, type CompatibilityRules } from "../shared/column-catalogue.js";
import { X_METRICS, X_SEGMENTATIONS, type MetricGroup } from "./catalogue.data.js";

export type { MetricGroup };

export const REPORTS: (ReportDef & { entity: "ACCOUNT" | "CAMPAIGN" })[] = [
  { id: "account", name: "Account", description: "Ad account totals per day (or hour).", entity: "ACCOUNT" },
  { id: "campaigns", name: "Campaigns", description: "Campaign performance per day (or hour).", entity: "CAMPAIGN" },
];
export const DEFAULT_REPORT = "campaigns";

export interface StatsField extends FieldDef {
  groups: MetricGroup[];
  /** The segmentation_type a breakdown dimension asks for. */
  segmentation?: string;
}

const dim = (id: string, name: string, description: string, category: string, fieldType: FieldDef["fieldType"] = "TEXT"): StatsField => ({ ...dimension(id, name, fieldType, description), category, groups: [] });

const metric = (id: string, name: string, description: string, groups: MetricGroup[], category: string, fieldType: FieldDef["fieldType"] = "NUMBER", aggregation: FieldDef["aggregation"] = "SUM"): StatsField => ({
  ...baseMetric(id, name, fieldType, aggregation, description),
  category,
  groups,
});

const COMMON: StatsField[] = [
  dim("date", "Date", "The day in the ad account's timezone.", "Time", "YEAR_MONTH_DAY"),
  dim("hour", "Hour", "Hour of the day (0-23) in the ad account's timezone (HOUR granularity).", "Time", "HOUR"),
  dim("account_id", "Account ID", "The ad account id.", "Ad account"),
  dim("account_name", "Account name", "The ad account name.", "Ad account"),
];

const CAMPAIGN: StatsField[] = [
  dim("campaign_id", "Campaign ID", "The campaign id.", "Campaign"),
  dim("campaign_name", "Campaign name", "The campaign name.", "Campaign"),
  dim("campaign_status", "Campaign status", "ACTIVE, PAUSED, DRAFT or DELETED (entity_status).", "Campaign"),
];

export const SEGMENT_FIELDS: StatsField[] = X_SEGMENTATIONS.map(([type, name]) => ({ ...dim(`segment_${snakeId(type)}`, name, `The ${name.toLowerCase()} segment of the row (segmentation_type ${type}).`, "Segments"), segmentation: type }));

const METRICS: StatsField[] = [
  ...X_METRICS.map((m) => metric(m.id, m.name, m.description, [m.group], m.category, m.fieldType, m.aggregation)),
  metric("conversions", "Conversions", "Website conversions: purchases, sign-ups, downloads and custom events (post-engagement and post-view).", ["WEB_CONVERSION"], "Website conversions"),
  metric("ctr", "CTR", "Clicks / impressions, as a ratio.", ["ENGAGEMENT"], "Engagement", "PERCENT", "AVG"),
  metric("cpc", "CPC", "Cost per click, in the account currency.", ["ENGAGEMENT", "BILLING"], "Cost", "CURRENCY", "AVG"),
];

export const FIELDS_OF: Record<string, StatsField[]> = {
  account: [...COMMON, ...SEGMENT_FIELDS, ...METRICS],
  campaigns: [...COMMON, ...CAMPAIGN, ...SEGMENT_FIELDS, ...METRICS],
};

export const FIELD_BY_ID = new Map(FIELDS_OF.campaigns.map((f) => [f.id, f]));

/** Declared fields without the internal metric group list. */
export const FIELDS_BY_REPORT: Record<string, FieldDef[]> = Object.fromEntries(
  Object.entries(FIELDS_OF).map(([report, fields]) => [report, fields.map(({ groups: _groups, segmentation: _s, ...field }) => field)]),
);

/** One segmentation_type a request (Metrics and Segmentation: "segmentation_type" takes one value). */
export const X_RULES: CompatibilityRules = {
  limits: [{ fields: SEGMENT_FIELDS.map((f) => f.id), max: 1, reason: "X segments a stats request by one segmentation type" }],
};

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
