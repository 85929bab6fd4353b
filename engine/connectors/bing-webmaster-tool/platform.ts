// The bing-webmaster-tool catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("bing-webmaster-tool", "Bing Webmaster Tools", "ANALYTICS", {
  formRoute: "/bing-webmaster-tool",
  connectionFields: apiKeyOnly(),
  color: "#00a4ef",
  monogram: "BW",
});
