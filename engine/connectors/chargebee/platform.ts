// The chargebee catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("chargebee", "Chargebee", "PAYMENT", {
  formRoute: "/chargebee",
  connectionFields: [field("site", "Site name", "options.site", { placeholder: "your-site" }), secretField("consumerKey", "API Key", "key")],
  color: "#ff7846",
  monogram: "CB",
});
