// The stack-adapt catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("stack-adapt", "StackAdapt", "ADS", { formRoute: "/stack-adapt", flag: "new", connectionFields: apiKeyOnly(), color: "#3d4fd8" });
