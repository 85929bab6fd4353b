// The twitter-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("twitter-ads", "X Ads (Twitter)", "ADS", { ...adsAlerts(), color: "#000000", monogram: "X" });
