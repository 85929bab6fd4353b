// The reddit-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("reddit-ads", "Reddit Ads", "ADS", { flag: "new", color: "#ff4500", monogram: "RA" });
