// The tik-tok-analytics catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("tik-tok-analytics", "TikTok Display", "SOCIAL", {
  flag: "deprecated",
  reportingStudio: false,
  etl: false,
  color: "#010101",
  monogram: "TD",
  description: "Organic TikTok account analytics (replaced by TikTok Organic).",
});
