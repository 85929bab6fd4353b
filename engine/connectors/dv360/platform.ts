// The dv360 catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("dv360", "Display & Video 360", "ADS", { availableToAll: false, color: "#34a853", monogram: "DV" });
