// The bing-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("bing-ads", "Microsoft Advertising", "ADS", {
  // conversion_tag: UET tags (issue 7 automatic checks; not in spec 1's catalogue).
  ...adsAlerts({ security: ["ACCOUNT"], url_checker: ["ACCOUNT"], conversion_tag: ["ACCOUNT"] }),
  color: "#00a4ef",
  monogram: "MS",
  description: "Microsoft Advertising (Bing Ads) campaign performance.",
});
