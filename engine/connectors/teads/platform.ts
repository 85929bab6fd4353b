// The teads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("teads", "Teads", "ADS", { formRoute: "/teads", connectionFields: apiKeyOnly(), color: "#1b2b4b" });
