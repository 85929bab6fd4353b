// ads-wizz's fields on the normalized ads schema (decision 0931). Audio ads bought by impression: no clicks or conversions.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "account", level: "account" }, { report: "campaign", level: "campaign" }], { spend: "cost", impressions: "impressions" }));
