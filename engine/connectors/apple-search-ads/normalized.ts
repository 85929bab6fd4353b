// apple-search-ads's fields on the normalized ads schema (decision 0931). One report, by campaign.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "campaign", level: "campaign" }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions" }));
