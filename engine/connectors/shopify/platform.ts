// The shopify catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("shopify", "Shopify", "E-COMMERCE", {
  formRoute: "/shopify",
  flag: "popular",
  connectionFields: [
    field("shop", "Shop", "options.shop", { placeholder: "your-shop.myshopify.com" }),
    secretField("consumerKey", "Admin API access token", "key", { placeholder: "shpat_..." }),
  ],
  color: "#96bf48",
});
