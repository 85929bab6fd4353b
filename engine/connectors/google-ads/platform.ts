// The google-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-ads", "Google Ads", "ADS", {
  ...adsAlerts({
    security: ["ACCOUNT"],
    polymathee: ["ACCOUNT"],
    product_available: ["PRODUCT_AVAILABILITY"],
    url_checker: ["ACCOUNT"],
    conversion_tag: ["ACCOUNT"],
    ads: ["ACCOUNT"],
  }),
  flag: "popular",
  color: "#4285f4",
  monogram: "GA",
  description: "Search, Display, Shopping, Performance Max and YouTube campaign performance.",
});
