// The matomo catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("matomo", "Matomo", "ANALYTICS", {
  formRoute: "/matomo",
  connectionFields: [urlField("url", "Matomo URL", "options.url"), secretField("consumerKey", "Auth token", "key")],
  color: "#3152a0",
});
