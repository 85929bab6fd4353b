// facebook-ads's fields on the normalized ads schema (decision 0931). Ad sets are the ad groups; the conversion value is the purchase value.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "account", level: "account" }, { report: "campaigns", level: "campaign" }, { report: "adsets", level: "ad_group" }, { report: "ads", level: "ad" }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions", conversion_value: "purchase_value", reach: "reach" }, { ad_group_id: "adset_id", ad_group_name: "adset_name" }));
