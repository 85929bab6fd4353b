// google-ad-manager's fields on the normalized ads schema (decision 0931). A publisher's platform: it earns (revenue), it does not spend, so spend stays empty; orders are the campaigns.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "network", level: "account" }, { report: "order", level: "campaign" }], { impressions: "impressions", clicks: "clicks" }));
