// The stripe catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("stripe", "Stripe", "PAYMENT", {
  formRoute: "/stripe",
  flag: "popular",
  connectionFields: [secretField("consumerKey", "Restricted API key", "key", { placeholder: "rk_live_..." })],
  color: "#635bff",
});
