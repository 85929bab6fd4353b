// tik-tok's fields on the normalized ads schema (decision 0931). Ad groups are adgroup_id/adgroup_name natively.
import { defineNormalizedAds, levelReports } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds(levelReports([{ report: "account", level: "account" }, { report: "campaigns", level: "campaign" }, { report: "adgroups", level: "ad_group" }], { spend: "cost", impressions: "impressions", clicks: "clicks", conversions: "conversions", reach: "reach", video_views: "video_views" }, { ad_group_id: "adgroup_id", ad_group_name: "adgroup_name" }));
