// The quora-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("quora-ads", "Quora Ads", "ADS", { color: "#b92b27", monogram: "QA" });
