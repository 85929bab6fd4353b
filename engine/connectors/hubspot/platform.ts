// The hubspot catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("hubspot", "HubSpot", "CRM", { flag: "popular", color: "#ff7a59", monogram: "HS" });
