// Amazon Ads Reporting v3 campaign reports and their columns
// (https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/report-types/campaign).
// Conversions follow the console: 7-day attribution for Sponsored Products, 14-day (the only
// window the report offers) for Sponsored Brands and Display.
import { metric } from "../../core/field-defs.js";
import type { FieldDef, ReportDef } from "../../core/types.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";

export interface AmazonField {
  def: FieldDef;
  /** The report column; absent for values the connector fills from the profile or derives. */
  column?: string;
}

export interface AmazonReport extends ReportDef {
  adProduct: "SPONSORED_PRODUCTS" | "SPONSORED_BRANDS" | "SPONSORED_DISPLAY";
  reportTypeId: string;
}

export const AMAZON_REPORTS: AmazonReport[] = [
  { id: "sp_campaigns", name: "Sponsored Products campaigns", description: "Sponsored Products performance by campaign and day.", adProduct: "SPONSORED_PRODUCTS", reportTypeId: "spCampaigns" },
  { id: "sb_campaigns", name: "Sponsored Brands campaigns", description: "Sponsored Brands performance by campaign and day.", adProduct: "SPONSORED_BRANDS", reportTypeId: "sbCampaigns" },
  { id: "sd_campaigns", name: "Sponsored Display campaigns", description: "Sponsored Display performance by campaign and day.", adProduct: "SPONSORED_DISPLAY", reportTypeId: "sdCampaigns" },
];

export const REPORT_HELP = "Which Amazon Ads ad product to read.";

const f = (def: FieldDef, column?: string): AmazonField => ({ def, column });

const DIMENSIONS: AmazonField[] = [
  f(ADS_FIELD.date, "date"),
  f(describedAs(ADS_FIELD.account_id, "Advertising profile ID (one marketplace of a seller, vendor or agency account)."), undefined),
  f(describedAs(ADS_FIELD.account_name, "Name of the advertiser account behind the profile, with its country."), undefined),
  f(ADS_FIELD.campaign_id, "campaignId"),
  f(ADS_FIELD.campaign_name, "campaignName"),
  f(describedAs(ADS_FIELD.campaign_status, "ENABLED, PAUSED or ARCHIVED."), "campaignStatus"),
];

const BASE_METRICS: AmazonField[] = [
  f(ADS_FIELD.impressions, "impressions"),
  f(ADS_FIELD.clicks, "clicks"),
  f(describedAs(ADS_FIELD.cost, "Spend in the profile's currency."), "cost"),
];

const DERIVED: AmazonField[] = [f(ADS_FIELD.ctr), f(ADS_FIELD.average_cpc)];

/** Sponsored Brands and Display report the same 14-day conversion columns. */
const BRANDS_AND_DISPLAY: AmazonField[] = [
  ...DIMENSIONS,
  ...BASE_METRICS,
  f(describedAs(ADS_FIELD.conversions, "Orders within 14 days of an ad click or view (purchases)."), "purchases"),
  f(describedAs(ADS_FIELD.conversion_value, "Sales within 14 days (sales)."), "sales"),
  f(metric("units_sold", "Units sold", "NUMBER", "SUM", "Units ordered within 14 days."), "unitsSold"),
  ...DERIVED,
];

export const AMAZON_FIELDS: Record<string, AmazonField[]> = {
  sp_campaigns: [
    ...DIMENSIONS,
    ...BASE_METRICS,
    f(describedAs(ADS_FIELD.conversions, "Orders within 7 days of an ad click (purchases7d)."), "purchases7d"),
    f(describedAs(ADS_FIELD.conversion_value, "Sales within 7 days of an ad click (sales7d)."), "sales7d"),
    f(metric("purchases_14d", "Purchases (14 days)", "NUMBER", "SUM", "Orders within 14 days of an ad click."), "purchases14d"),
    f(metric("sales_14d", "Sales (14 days)", "CURRENCY", "SUM", "Sales within 14 days of an ad click."), "sales14d"),
    f(metric("units_sold_7d", "Units sold (7 days)", "NUMBER", "SUM", "Units ordered within 7 days of an ad click."), "unitsSoldClicks7d"),
    ...DERIVED,
  ],
  sb_campaigns: BRANDS_AND_DISPLAY,
  sd_campaigns: BRANDS_AND_DISPLAY,
};
