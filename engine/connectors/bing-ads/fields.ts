// Microsoft Advertising reports and their columns
// (https://learn.microsoft.com/en-us/advertising/reporting-service/accountperformancereportcolumn?view=bingads-13,
// .../campaignperformancereportcolumn, .../adgroupperformancereportcolumn).
import { metric, reportConfigField } from "../../core/field-defs.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export interface BingField {
  def: FieldDef;
  /** The report column; date and hour both come from TimePeriod. */
  column: string;
  /** Ctr arrives as "2.50%". */
  percent?: boolean;
}

export interface BingReport extends ReportDef {
  /** The derived ReportRequest type (the JSON "Type" discriminator). */
  requestType: string;
  /** A column that must be in every request of this type, to anchor the rows. */
  idColumn: string;
}

export const BING_REPORTS: BingReport[] = [
  { id: "account", name: "Accounts", description: "Account performance by day or hour.", requestType: "AccountPerformanceReportRequest", idColumn: "AccountId" },
  { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour.", requestType: "CampaignPerformanceReportRequest", idColumn: "CampaignId" },
  { id: "ad_group", name: "Ad groups", description: "Ad group performance by day or hour.", requestType: "AdGroupPerformanceReportRequest", idColumn: "AdGroupId" },
];

export const DEFAULT_REPORT = "campaign";

const f = (def: FieldDef, column: string, percent = false): BingField => ({ def, column, percent });

const COMMON: BingField[] = [
  f(describedAs(ADS_FIELD.date, "Day in the account's timezone (TimePeriod)."), "TimePeriod"),
  f(describedAs(ADS_FIELD.hour, "Hour of the day, 0-23, in the account's timezone (TimePeriod of hourly reports)."), "TimePeriod"),
  f(ADS_FIELD.account_id, "AccountId"),
  f(ADS_FIELD.account_name, "AccountName"),
  f(ADS_FIELD.account_currency, "CurrencyCode"),
];

const CAMPAIGN: BingField[] = [
  f(ADS_FIELD.campaign_id, "CampaignId"),
  f(ADS_FIELD.campaign_name, "CampaignName"),
  f(describedAs(ADS_FIELD.campaign_status, "Active, Paused, Deleted, ..."), "CampaignStatus"),
  f(describedAs(ADS_FIELD.campaign_type, "Search, Shopping, Audience, Performance max, ..."), "CampaignType"),
];

const AD_GROUP: BingField[] = [f(ADS_FIELD.ad_group_id, "AdGroupId"), f(ADS_FIELD.ad_group_name, "AdGroupName")];

const METRICS: BingField[] = [
  f(ADS_FIELD.impressions, "Impressions"),
  f(ADS_FIELD.clicks, "Clicks"),
  f(ADS_FIELD.cost, "Spend"),
  f(describedAs(ADS_FIELD.conversions, "Conversions attributed to the day of the click."), "Conversions"),
  f(describedAs(ADS_FIELD.conversion_value, "Revenue of the conversions."), "Revenue"),
  f(metric("all_conversions", "All conversions", "NUMBER", "SUM", "Conversions of every goal, including those excluded from Conversions."), "AllConversions"),
  f(metric("view_through_conversions", "View-through conversions", "NUMBER", "SUM", "Conversions after an impression without a click."), "ViewThroughConversions"),
  f(ADS_FIELD.ctr, "Ctr", true),
  f(describedAs(ADS_FIELD.average_cpc, "Spend divided by clicks."), "AverageCpc"),
];

export const BING_FIELDS: Record<string, BingField[]> = {
  account: [...COMMON, ...METRICS],
  campaign: [...COMMON, ...CAMPAIGN, ...METRICS],
  ad_group: [...COMMON, ...CAMPAIGN, ...AD_GROUP, ...METRICS],
};

export const BING_CONFIG_FIELDS: ConfigField[] = [reportConfigField(BING_REPORTS, DEFAULT_REPORT, "Which Microsoft Advertising report to read.")];
