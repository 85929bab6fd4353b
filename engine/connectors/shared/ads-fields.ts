// The field ids every ads connector shares, so that alerts and dashboards find impressions,
// clicks, cost and conversions under one name on every platform. Each connector pairs these
// definitions with its own column names (and may override a description).
import { dimension, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

export const ADS_FIELD = {
  date: dimension("date", "Date", "YEAR_MONTH_DAY", "Day in the account's timezone."),
  hour: dimension("hour", "Hour", "HOUR", "Hour of the day, 0-23, in the account's timezone."),
  account_id: dimension("account_id", "Account ID", "TEXT", "Identifier of the ad account."),
  account_name: dimension("account_name", "Account name", "TEXT", "Name of the ad account."),
  account_currency: dimension("account_currency", "Account currency", "TEXT", "ISO 4217 currency of the account's money columns."),
  campaign_id: dimension("campaign_id", "Campaign ID", "TEXT", "Identifier of the campaign."),
  campaign_name: dimension("campaign_name", "Campaign name", "TEXT", "Name of the campaign."),
  campaign_status: dimension("campaign_status", "Campaign status", "TEXT", "Status of the campaign as the platform names it."),
  campaign_type: dimension("campaign_type", "Campaign type", "TEXT", "Channel or objective type of the campaign."),
  ad_group_id: dimension("ad_group_id", "Ad group ID", "TEXT", "Identifier of the ad group."),
  ad_group_name: dimension("ad_group_name", "Ad group name", "TEXT", "Name of the ad group."),
  impressions: metric("impressions", "Impressions", "NUMBER", "SUM", "Times an ad was shown."),
  clicks: metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks on ads."),
  cost: metric("cost", "Cost", "CURRENCY", "SUM", "Spend in the account's currency."),
  conversions: metric("conversions", "Conversions", "NUMBER", "SUM", "Conversions attributed to ads."),
  conversion_value: metric("conversion_value", "Conversion value", "CURRENCY", "SUM", "Value of the conversions in the account's currency."),
  ctr: metric("ctr", "CTR", "PERCENT", "AVG", "Clicks divided by impressions (a ratio: 0.05 is 5%)."),
  average_cpc: metric("average_cpc", "Average CPC", "CURRENCY", "AVG", "Cost divided by clicks."),
} satisfies Record<string, FieldDef>;

/** A shared definition with a platform-specific description. */
export function describedAs(def: FieldDef, description: string): FieldDef {
  return { ...def, description };
}
