// The google-analytics catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-analytics", "Google Analytics 4", "ANALYTICS", {
  alertsActive: true,
  alertOptions: {
    metric: [
      "E_COMMERCE",
      "EVENT_TRACKING",
      "GOAL_CONVERSION",
      "PAGE_TRACKING",
      "SESSION",
      "SITE_SPEED",
      "SOCIAL_INTERACTION",
      "TRAFFIC_SOURCE",
      "USER",
    ],
  },
  flag: "popular",
  color: "#f9ab00",
  monogram: "G4",
});
