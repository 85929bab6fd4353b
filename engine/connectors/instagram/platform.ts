// The instagram catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("instagram", "Instagram Business", "SOCIAL", { flag: "popular", color: "#e1306c", monogram: "IG" });
