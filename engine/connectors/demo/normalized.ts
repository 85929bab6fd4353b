// demo's fields on the normalized ads schema (decision 0931). The demo's campaigns report is by ad group.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "campaigns", level: "ad_group" }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions", conversion_value: "conversion_value" }));
