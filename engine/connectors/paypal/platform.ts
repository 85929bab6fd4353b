// The paypal catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("paypal", "PayPal", "PAYMENT", { color: "#003087", monogram: "PP" });
