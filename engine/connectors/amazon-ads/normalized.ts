// amazon-ads' fields on the normalized ads schema (decision 0931). Sponsored Products, Brands and
// Display are three reports of one account: the platform's total is their sum, so all three are read.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(
  levelReports([{ report: "sp_campaigns", level: "campaign", also: ["sb_campaigns", "sd_campaigns"] }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions", conversion_value: "conversion_value" }),
);
