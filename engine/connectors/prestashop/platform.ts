// The prestashop catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("prestashop", "PrestaShop", "E-COMMERCE", {
  formRoute: "/prestashop",
  connectionFields: [urlField("storeUrl", "Store URL", "options.storeUrl"), secretField("consumerKey", "Access Token", "key")],
  color: "#df0067",
  monogram: "PS",
});
