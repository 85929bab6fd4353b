// The pinterest-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("pinterest-ads", "Pinterest Ads", "ADS", { ...adsAlerts(), color: "#e60023", monogram: "PI" });
