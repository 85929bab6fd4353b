// The salesforce catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("salesforce", "Salesforce", "CRM", { availableToAll: false, color: "#00a1e0", monogram: "SF" });
