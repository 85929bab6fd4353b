// The facebook-analytics catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("facebook-analytics", "Facebook Pages", "SOCIAL", {
  alertsActive: true,
  alertOptions: { metric: ["PAGE", "POST"] },
  color: "#1877f2",
  monogram: "FP",
  description: "Facebook page and post insights.",
});
