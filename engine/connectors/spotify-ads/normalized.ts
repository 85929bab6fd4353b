// spotify-ads's fields on the normalized ads schema (decision 0931). Spotify reports no conversions.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "account", level: "account" }, { report: "campaign", level: "campaign" }], { spend: "cost", impressions: "impressions", clicks: "clicks", reach: "reach" }));
