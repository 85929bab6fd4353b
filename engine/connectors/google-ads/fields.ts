// The Google Ads reports and their fields, each mapped to its GAQL column
// (https://developers.google.com/google-ads/api/fields/v21/overview, unchanged for these columns
// through the current version). Money columns in *_micros are divided by 1,000,000.
import { dimension, metric, reportConfigField } from "../../core/field-defs.js";
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
  f(dimension("date", "Date", "YEAR_MONTH_DAY", "Day in the account's timezone (segments.date)."), "segments.date"),
  f(dimension("hour", "Hour", "HOUR", "Hour of the day, 0-23, in the account's timezone (segments.hour)."), "segments.hour"),
  f(dimension("account_id", "Account ID", "TEXT", "Customer ID of the Google Ads account, without dashes."), "customer.id"),
  f(dimension("account_name", "Account name", "TEXT", "Descriptive name of the Google Ads account."), "customer.descriptive_name"),
  f(dimension("account_currency", "Account currency", "TEXT", "ISO 4217 currency of the account's money columns."), "customer.currency_code"),
];

const CAMPAIGN: GaqlField[] = [
  f(dimension("campaign_id", "Campaign ID", "TEXT", "Identifier of the campaign."), "campaign.id"),
  f(dimension("campaign_name", "Campaign name", "TEXT", "Name of the campaign."), "campaign.name"),
  f(dimension("campaign_status", "Campaign status", "TEXT", "ENABLED, PAUSED or REMOVED."), "campaign.status"),
  f(dimension("campaign_type", "Campaign type", "TEXT", "Advertising channel: SEARCH, DISPLAY, SHOPPING, PERFORMANCE_MAX, VIDEO, ..."), "campaign.advertising_channel_type"),
];

const AD_GROUP: GaqlField[] = [
  f(dimension("ad_group_id", "Ad group ID", "TEXT", "Identifier of the ad group."), "ad_group.id"),
  f(dimension("ad_group_name", "Ad group name", "TEXT", "Name of the ad group."), "ad_group.name"),
  f(dimension("ad_group_status", "Ad group status", "TEXT", "ENABLED, PAUSED or REMOVED."), "ad_group.status"),
];

const METRICS: GaqlField[] = [
  f(metric("impressions", "Impressions", "NUMBER", "SUM", "Times an ad was shown."), "metrics.impressions"),
  f(metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks on ads."), "metrics.clicks"),
  f(metric("cost", "Cost", "CURRENCY", "SUM", "Spend in the account's currency (metrics.cost_micros / 1e6)."), "metrics.cost_micros", true),
  f(metric("conversions", "Conversions", "NUMBER", "SUM", "Conversions of actions included in 'Conversions', attributed to the day of the ad interaction."), "metrics.conversions"),
  f(metric("conversion_value", "Conversion value", "CURRENCY", "SUM", "Value of those conversions."), "metrics.conversions_value"),
  f(metric("all_conversions", "All conversions", "NUMBER", "SUM", "Every conversion action, including those not in 'Conversions'."), "metrics.all_conversions"),
  f(metric("view_through_conversions", "View-through conversions", "NUMBER", "SUM", "Conversions after an impression without a click."), "metrics.view_through_conversions"),
  f(metric("interactions", "Interactions", "NUMBER", "SUM", "Clicks, video views and other main interactions."), "metrics.interactions"),
  f(metric("ctr", "CTR", "PERCENT", "AVG", "Clicks divided by impressions (a ratio: 0.05 is 5%)."), "metrics.ctr"),
  f(metric("average_cpc", "Average CPC", "CURRENCY", "AVG", "Cost divided by clicks (metrics.average_cpc / 1e6)."), "metrics.average_cpc", true),
];

export const GOOGLE_ADS_FIELDS: Record<string, GaqlField[]> = {
  account: [...COMMON, ...METRICS],
  campaign: [...COMMON, ...CAMPAIGN, ...METRICS],
  ad_group: [...COMMON, ...CAMPAIGN, ...AD_GROUP, ...METRICS],
};

export const GOOGLE_ADS_CONFIG_FIELDS: ConfigField[] = [reportConfigField(GOOGLE_ADS_REPORTS, DEFAULT_REPORT, "Which Google Ads level to read.")];
