// The tik-tok-organic catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("tik-tok-organic", "TikTok Organic", "SOCIAL", { flag: "new", color: "#010101", monogram: "TO" });
