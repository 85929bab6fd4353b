// The facebook-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("facebook-ads", "Facebook Ads", "ADS", {
  ...adsAlerts({ security: ["ACCOUNT"], kpi: ["CAMPAIGN", "ADGROUP"], url_checker: ["ACCOUNT"], conversion_tag: ["ACCOUNT"], ads: ["ACCOUNT"] }),
  flag: "popular",
  color: "#1877f2",
  monogram: "FB",
  description: "Meta (Facebook and Instagram) advertising insights.",
});
