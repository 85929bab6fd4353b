// The microsoft-merchant-center catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("microsoft-merchant-center", "Microsoft Merchant Center", "PRODUCT_FEED", { color: "#00a4ef", monogram: "MM" });
