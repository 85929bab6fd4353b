// The normalized ads schema (issue 22 item 1, decision 0931): one set of field ids every ads
// platform answers, so one query reads several platforms and their rows line up. Each platform's
// folder maps its native fields onto it in normalized.ts (data, listed by the generated folder
// index); the query layer fills what no platform reports itself (platform, currency, time zone).
// Pure data and types: safe for the browser bundle.
import { dimension, metric } from "../core/field-defs.js";
import type { FieldDef } from "../core/types.js";

/** The platform id of a query over several ads platforms ("Cross-platform ads"). */
export const BLENDED_PLATFORM = "cross-platform-ads";
export const BLENDED_PLATFORM_NAME = "Cross-platform ads";
/** What a query URL may also say for "every ads platform". */
export const BLENDED_PLATFORM_ALIASES = ["all"] as const;

export const NORMALIZED_ADS_FIELDS: readonly FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day in the account's time zone (see account_timezone: each platform's own)."),
  dimension("platform", "Platform", "TEXT", "The platform the row comes from (its id, e.g. google-ads)."),
  dimension("account_id", "Account ID", "TEXT", "Identifier of the ad account on its platform."),
  dimension("account_name", "Account name", "TEXT", "Name of the ad account."),
  dimension("account_currency", "Account currency", "TEXT", "ISO 4217 currency of the row's money columns."),
  dimension("account_timezone", "Account time zone", "TEXT", "IANA time zone the row's date is a day in."),
  dimension("campaign_id", "Campaign ID", "TEXT", "Identifier of the campaign (an order on Ad Manager)."),
  dimension("campaign_name", "Campaign name", "TEXT", "Name of the campaign."),
  dimension("ad_group_id", "Ad group / ad set ID", "TEXT", "Identifier of the ad group (ad set on Meta)."),
  dimension("ad_group_name", "Ad group / ad set name", "TEXT", "Name of the ad group (ad set on Meta)."),
  dimension("ad_id", "Ad ID", "TEXT", "Identifier of the ad."),
  dimension("ad_name", "Ad name", "TEXT", "Name of the ad."),
  metric("spend", "Spend", "CURRENCY", "SUM", "What the advertiser paid, in the account's currency (commissions on affiliate networks)."),
  metric("impressions", "Impressions", "NUMBER", "SUM", "Times an ad was shown."),
  metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks on ads."),
  metric("conversions", "Conversions", "NUMBER", "SUM", "Conversions the platform attributes to ads (transactions on affiliate networks)."),
  metric("conversion_value", "Conversion value", "CURRENCY", "SUM", "Value of those conversions, in the account's currency."),
  metric("video_views", "Video views", "NUMBER", "SUM", "Video views as the platform counts them."),
  metric("reach", "Reach", "NUMBER", "MAX", "Unique people reached, where the platform reports it (not additive: the maximum is kept)."),
];

/** Fields the query layer fills for every platform (they are never read from one). */
export const QUERY_LAYER_FIELDS = ["platform", "account_currency", "account_timezone"] as const;

export type NormalizedField =
  | "date"
  | "account_id"
  | "account_name"
  | "campaign_id"
  | "campaign_name"
  | "ad_group_id"
  | "ad_group_name"
  | "ad_id"
  | "ad_name"
  | "spend"
  | "impressions"
  | "clicks"
  | "conversions"
  | "conversion_value"
  | "video_views"
  | "reach";

/** One native report and which of its fields answers each normalized field. */
export interface NormalizedReport {
  /** The native report (the `report` option); absent for a connector without reports. */
  report?: string;
  /** More reports with the same fields whose rows add up to the platform's total (Amazon's three ad products). */
  also?: string[];
  /** normalized id -> native field id of the report. A field not listed is empty for this platform. */
  fields: Partial<Record<NormalizedField, string>>;
  /** A native dimension holding each row's currency, for platforms whose money has no account currency (affiliate networks). */
  currencyField?: string;
}

export interface NormalizedAdsMapping {
  /** From the coarsest (fewest rows) to the finest: a query reads the first that has every dimension it asks for. */
  reports: NormalizedReport[];
}

export function defineNormalizedAds(mapping: NormalizedAdsMapping): NormalizedAdsMapping {
  return mapping;
}

const LEVEL_DIMENSIONS = {
  account: ["date", "account_id", "account_name"],
  campaign: ["date", "account_id", "account_name", "campaign_id", "campaign_name"],
  ad_group: ["date", "account_id", "account_name", "campaign_id", "campaign_name", "ad_group_id", "ad_group_name"],
  ad: ["date", "account_id", "account_name", "campaign_id", "campaign_name", "ad_group_id", "ad_group_name", "ad_id", "ad_name"],
} as const satisfies Record<string, readonly NormalizedField[]>;

export type NormalizedLevel = keyof typeof LEVEL_DIMENSIONS;

/**
 * The usual shape: one report per level (account, campaign, ...) whose dimensions carry the
 * normalized names unless `rename` says otherwise (TikTok's adgroup_id), and the same metrics on
 * every level.
 */
export function levelReports(
  levels: readonly { report?: string; level: NormalizedLevel; also?: string[] }[],
  metrics: Partial<Record<NormalizedField, string>>,
  rename: Partial<Record<NormalizedField, string>> = {},
): NormalizedAdsMapping {
  return {
    reports: levels.map(({ report, level, also }) => ({
      ...(report !== undefined && { report }),
      ...(also && { also }),
      fields: { ...Object.fromEntries(LEVEL_DIMENSIONS[level].map((id) => [id, rename[id] ?? id])), ...metrics },
    })),
  };
}
