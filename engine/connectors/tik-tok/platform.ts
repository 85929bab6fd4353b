// The tik-tok catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("tik-tok", "TikTok Ads", "ADS", { ...adsAlerts(), flag: "popular", color: "#010101", monogram: "TT" });
