// The linkedin-pages catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("linkedin-pages", "LinkedIn Pages", "SOCIAL", { color: "#0a66c2", monogram: "LP" });
