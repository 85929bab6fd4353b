// The xandr catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("xandr", "Xandr", "ADS", {
  formRoute: "/xandr",
  availableToAll: false,
  connectionFields: [field("key", "Username", "key"), secretField("secret", "Password", "secret")],
  color: "#2b2b88",
});
