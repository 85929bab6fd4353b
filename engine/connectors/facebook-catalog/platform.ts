// The facebook-catalog catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("facebook-catalog", "Meta Commerce Catalog", "PRODUCT_FEED", { flag: "beta", color: "#1877f2", monogram: "MC" });
