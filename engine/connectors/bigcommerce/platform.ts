// The bigcommerce catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("bigcommerce", "BigCommerce", "E-COMMERCE", {
  formRoute: "/bigcommerce",
  aliases: ["big-commerce"],
  connectionFields: [field("storeHash", "Store Hash", "options.storeHash"), secretField("consumerKey", "Access Token", "key")],
  color: "#121118",
  monogram: "BC",
});
