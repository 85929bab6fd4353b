// The pipedrive catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("pipedrive", "Pipedrive", "CRM", { color: "#1a1a1a", monogram: "PD" });
