// The call-rail catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("call-rail", "CallRail", "ANALYTICS", { formRoute: "/call-rail", connectionFields: apiKeyOnly("API key"), color: "#f2a900", monogram: "CR" });
