// The google-search-console catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-search-console", "Google Search Console", "ANALYTICS", { flag: "popular", color: "#458cf5", monogram: "SC" });
