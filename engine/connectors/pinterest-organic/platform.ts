// The pinterest-organic catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("pinterest-organic", "Pinterest Organic", "SOCIAL", { color: "#e60023", monogram: "PO" });
