// The adobe-analytics catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("adobe-analytics", "Adobe Analytics", "ANALYTICS", {
  formRoute: "/adobe-analytics",
  availableToAll: false,
  connectionFields: [field("consumerKey", "Client ID", "key"), secretField("consumerSecret", "Client Secret", "secret")],
  color: "#fa0f00",
});
