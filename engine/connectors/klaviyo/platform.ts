// The klaviyo catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("klaviyo", "Klaviyo", "EMAILING", {
  formRoute: "/klaviyo",
  connectionFields: [secretField("consumerKey", "Private key", "key", { placeholder: "pk_..." })],
  color: "#232426",
  monogram: "KL",
});
