// The google-ad-manager catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-ad-manager", "Google Ad Manager", "ADS", { color: "#fbbc04", monogram: "AM" });
