// The campaign-manager catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("campaign-manager", "Campaign Manager 360", "ADS", { availableToAll: false, color: "#0f9d58", monogram: "CM" });
