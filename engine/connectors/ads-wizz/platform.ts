// The ads-wizz catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("ads-wizz", "AdsWizz", "ADS", { formRoute: "/ads-wizz", flag: "beta", connectionFields: apiKeyOnly(), color: "#ff2d55" });
