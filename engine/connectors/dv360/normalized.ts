// dv360's fields on the normalized ads schema (decision 0931).
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "account", level: "account" }, { report: "campaign", level: "campaign" }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions" }));
