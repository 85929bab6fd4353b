// The piano-analytics catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("piano-analytics", "Piano Analytics", "ANALYTICS", {
  formRoute: "/piano-analytics",
  connectionFields: [
    field("consumerKey", "Access key", "key"),
    secretField("consumerSecret", "Secret key", "secret"),
    field("siteId", "Site ids (one or several, separate by commas)", "options.siteId", { list: true }),
  ],
  color: "#1b1b3a",
});
