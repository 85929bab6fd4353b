// The awin catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("awin", "Awin", "ADS", { formRoute: "/awin", connectionFields: apiKeyOnly("API token"), color: "#ff6600" });
