// The line-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("line-ads", "LINE Ads", "ADS", {
  formRoute: "/line-ads",
  connectionFields: [
    field("groupId", "Group ID", "options.groupId"),
    secretField("key", "API access Key", "key"),
    secretField("secret", "API secret Key", "secret"),
  ],
  color: "#06c755",
  monogram: "LA",
});
