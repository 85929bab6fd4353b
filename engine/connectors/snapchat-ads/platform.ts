// The snapchat-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("snapchat-ads", "Snapchat Ads", "ADS", { ...adsAlerts(), color: "#fffc00", monogram: "SC" });
