// The linkedin catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("linkedin", "LinkedIn Ads", "ADS", { ...adsAlerts(), flag: "popular", color: "#0a66c2", monogram: "IN" });
