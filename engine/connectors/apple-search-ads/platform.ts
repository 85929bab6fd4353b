// The apple-search-ads catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("apple-search-ads", "Apple Search Ads", "ADS", {
  formRoute: "/apple-search-ads",
  connectionFields: [
    field("clientId", "Client ID", "options.clientId"),
    field("teamId", "Team ID", "options.teamId"),
    field("keyId", "Key ID", "options.keyId"),
  ],
  color: "#0071e3",
  monogram: "AS",
});
