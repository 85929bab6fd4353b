// The adjust catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("adjust", "Adjust", "ANALYTICS", { formRoute: "/adjust", connectionFields: apiKeyOnly("API token"), color: "#00bed5" });
