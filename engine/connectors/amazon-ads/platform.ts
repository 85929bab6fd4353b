// The amazon-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { adsAlerts, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("amazon-ads", "Amazon Ads", "ADS", {
  ...adsAlerts({ kpi: ["CAMPAIGN"] }),
  availableToAll: false,
  color: "#ff9900",
  monogram: "AA",
  description: "Sponsored Products, Brands and Display campaign performance.",
});
