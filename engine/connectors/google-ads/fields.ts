// The Google Ads reports and their fields, each mapped to its GAQL column
// (https://developers.google.com/google-ads/api/fields/v21/overview, unchanged for these columns
// through the current version). Money columns in *_micros are divided by 1,000,000.
import { dimension, metric, reportConfigField } from "../../core/field-defs.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export interface GaqlField {
  def: FieldDef;
  /** The GAQL column, e.g. metrics.cost_micros. */
  gaql: string;
  micros?: boolean;
}

export const GOOGLE_ADS_REPORTS: ReportDef[] = [
  { id: "account", name: "Account", description: "Account totals by day or hour (GAQL FROM customer)." },
  { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (GAQL FROM campaign)." },
  { id: "ad_group", name: "Ad groups", description: "Ad group performance by day or hour (GAQL FROM ad_group)." },
];

export const DEFAULT_REPORT = "campaign";

/** The GAQL resource each report selects FROM. */
export const REPORT_RESOURCE: Record<string, string> = { account: "customer", campaign: "campaign", ad_group: "ad_group" };

const f = (def: FieldDef, gaql: string, micros = false): GaqlField => ({ def, gaql, micros });

const COMMON: GaqlField[] = [
  f(describedAs(ADS_FIELD.date, "Day in the account's timezone (segments.date)."), "segments.date"),
  f(describedAs(ADS_FIELD.hour, "Hour of the day, 0-23, in the account's timezone (segments.hour)."), "segments.hour"),
  f(describedAs(ADS_FIELD.account_id, "Customer ID of the Google Ads account, without dashes."), "customer.id"),
  f(describedAs(ADS_FIELD.account_name, "Descriptive name of the Google Ads account."), "customer.descriptive_name"),
  f(ADS_FIELD.account_currency, "customer.currency_code"),
];

const CAMPAIGN: GaqlField[] = [
  f(ADS_FIELD.campaign_id, "campaign.id"),
  f(ADS_FIELD.campaign_name, "campaign.name"),
  f(describedAs(ADS_FIELD.campaign_status, "ENABLED, PAUSED or REMOVED."), "campaign.status"),
  f(describedAs(ADS_FIELD.campaign_type, "Advertising channel: SEARCH, DISPLAY, SHOPPING, PERFORMANCE_MAX, VIDEO, ..."), "campaign.advertising_channel_type"),
];

const AD_GROUP: GaqlField[] = [
  f(ADS_FIELD.ad_group_id, "ad_group.id"),
  f(ADS_FIELD.ad_group_name, "ad_group.name"),
  f(dimension("ad_group_status", "Ad group status", "TEXT", "ENABLED, PAUSED or REMOVED."), "ad_group.status"),
];

const METRICS: GaqlField[] = [
  f(ADS_FIELD.impressions, "metrics.impressions"),
  f(ADS_FIELD.clicks, "metrics.clicks"),
  f(describedAs(ADS_FIELD.cost, "Spend in the account's currency (metrics.cost_micros / 1e6)."), "metrics.cost_micros", true),
  f(describedAs(ADS_FIELD.conversions, "Conversions of actions included in 'Conversions', attributed to the day of the ad interaction."), "metrics.conversions"),
  f(ADS_FIELD.conversion_value, "metrics.conversions_value"),
  f(metric("all_conversions", "All conversions", "NUMBER", "SUM", "Every conversion action, including those not in 'Conversions'."), "metrics.all_conversions"),
  f(metric("view_through_conversions", "View-through conversions", "NUMBER", "SUM", "Conversions after an impression without a click."), "metrics.view_through_conversions"),
  f(metric("interactions", "Interactions", "NUMBER", "SUM", "Clicks, video views and other main interactions."), "metrics.interactions"),
  f(ADS_FIELD.ctr, "metrics.ctr"),
  f(describedAs(ADS_FIELD.average_cpc, "Cost divided by clicks (metrics.average_cpc / 1e6)."), "metrics.average_cpc", true),
];

/** Configuration values of the campaign report (kpi alerts): its shared budget's amount. */
const CAMPAIGN_CONFIG: GaqlField[] = [
  f(dimension("campaign_budget", "Campaign budget", "NUMBER", "The campaign budget's amount per day (or for the campaign's total budget), in the account currency (campaign_budget.amount_micros / 1e6)."), "campaign_budget.amount_micros", true),
];

export const GOOGLE_ADS_FIELDS: Record<string, GaqlField[]> = {
  account: [...COMMON, ...METRICS],
  campaign: [...COMMON, ...CAMPAIGN, ...CAMPAIGN_CONFIG, ...METRICS],
  ad_group: [...COMMON, ...CAMPAIGN, ...AD_GROUP, ...METRICS],
};

export const GOOGLE_ADS_CONFIG_FIELDS: ConfigField[] = [reportConfigField(GOOGLE_ADS_REPORTS, DEFAULT_REPORT, "Which Google Ads level to read.")];
