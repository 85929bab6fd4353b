// The woocommerce catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("woocommerce", "WooCommerce", "E-COMMERCE", {
  formRoute: "/woocommerce",
  connectionFields: [
    urlField("storeUrl", "Store URL", "options.storeUrl"),
    field("consumerKey", "Consumer Key", "key", { placeholder: "ck_..." }),
    secretField("consumerSecret", "Consumer Secret", "secret", { placeholder: "cs_..." }),
  ],
  color: "#7f54b3",
  monogram: "WC",
});
