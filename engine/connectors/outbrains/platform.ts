// The outbrains catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("outbrains", "Outbrain", "ADS", {
  formRoute: "/outbrains",
  connectionFields: [field("username", "Username", "options.username"), secretField("password", "Password", "options.password")],
  color: "#f47b20",
  monogram: "OB",
});
