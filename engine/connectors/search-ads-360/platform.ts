// The search-ads-360 catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("search-ads-360", "Search Ads 360", "ADS", { availableToAll: false, color: "#1a73e8", monogram: "SA" });
