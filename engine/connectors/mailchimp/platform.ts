// The mailchimp catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("mailchimp", "Mailchimp", "EMAILING", { flag: "popular", color: "#ffe01b", monogram: "MC" });
