// The adtraction catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("adtraction", "Adtraction", "ADS", { formRoute: "/adtraction", connectionFields: apiKeyOnly("API token"), color: "#e4002b" });
