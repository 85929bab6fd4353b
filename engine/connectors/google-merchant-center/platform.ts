// The google-merchant-center catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("google-merchant-center", "Google Merchant Center", "PRODUCT_FEED", { color: "#4285f4", monogram: "MC" });
