// LinkedIn ad analytics reports (pivot ACCOUNT or CAMPAIGN) and the adAnalytics metrics behind
// each field (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting#metrics-available).
import { metric, reportConfigField } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";

export interface LinkedInField {
  def: FieldDef;
  /** The adAnalytics metric; absent for dimensions and derived ratios. */
  metric?: string;
}

export interface LinkedInReport extends ReportDef {
  pivot: "ACCOUNT" | "CAMPAIGN";
}

export const LINKEDIN_REPORTS: LinkedInReport[] = [
  { id: "account", name: "Ad accounts", description: "Ad account performance by day (pivot ACCOUNT).", pivot: "ACCOUNT" },
  { id: "campaign", name: "Campaigns", description: "Campaign performance by day (pivot CAMPAIGN).", pivot: "CAMPAIGN" },
];

export const DEFAULT_REPORT = "campaign";

const f = (def: FieldDef, metricName?: string): LinkedInField => ({ def, metric: metricName });

const ACCOUNT_DIMENSIONS: LinkedInField[] = [
  f(describedAs(ADS_FIELD.date, "Day in UTC, the only timezone LinkedIn ad analytics uses.")),
  f(describedAs(ADS_FIELD.account_id, "Identifier of the sponsored (ad) account.")),
  f(ADS_FIELD.account_name),
  f(ADS_FIELD.account_currency),
];

const CAMPAIGN_DIMENSIONS: LinkedInField[] = [
  f(ADS_FIELD.campaign_id),
  f(ADS_FIELD.campaign_name),
  f(describedAs(ADS_FIELD.campaign_status, "ACTIVE, PAUSED, ARCHIVED, COMPLETED, CANCELED, DRAFT."), undefined),
  f(describedAs(ADS_FIELD.campaign_type, "TEXT_AD, SPONSORED_UPDATES, SPONSORED_INMAILS or DYNAMIC."), undefined),
];

const METRICS: LinkedInField[] = [
  f(ADS_FIELD.impressions, "impressions"),
  f(ADS_FIELD.clicks, "clicks"),
  f(describedAs(ADS_FIELD.cost, "Spend in the account's currency (costInLocalCurrency)."), "costInLocalCurrency"),
  f(describedAs(ADS_FIELD.conversions, "Website conversions, post-click and view-through (externalWebsiteConversions)."), "externalWebsiteConversions"),
  f(describedAs(ADS_FIELD.conversion_value, "Value of the website conversions in the account's currency."), "conversionValueInLocalCurrency"),
  f(metric("cost_usd", "Cost (USD)", "CURRENCY", "SUM", "Spend converted to US dollars by LinkedIn."), "costInUsd"),
  f(metric("landing_page_clicks", "Landing page clicks", "NUMBER", "SUM", "Clicks to the ad's landing page."), "landingPageClicks"),
  f(metric("leads", "Leads", "NUMBER", "SUM", "Lead Gen Form submissions (oneClickLeads)."), "oneClickLeads"),
  f(metric("video_views", "Video views", "NUMBER", "SUM", "Video views of at least 2 seconds with 50% on screen."), "videoViews"),
  f(metric("engagements", "Engagements", "NUMBER", "SUM", "Clicks, reactions, comments, shares and follows."), "totalEngagements"),
  f(ADS_FIELD.ctr),
  f(ADS_FIELD.average_cpc),
];

export const LINKEDIN_FIELDS: Record<string, LinkedInField[]> = {
  account: [...ACCOUNT_DIMENSIONS, ...METRICS],
  campaign: [...ACCOUNT_DIMENSIONS, ...CAMPAIGN_DIMENSIONS, ...METRICS],
};

export const LINKEDIN_CONFIG_FIELDS: ConfigField[] = [reportConfigField(LINKEDIN_REPORTS, DEFAULT_REPORT, "Which LinkedIn Ads level to read.")];
