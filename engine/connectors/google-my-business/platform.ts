// The google-my-business catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-my-business", "Google Business Profile", "REVIEW", { color: "#4285f4", monogram: "GB" });
