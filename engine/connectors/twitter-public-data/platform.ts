// The twitter-public-data catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("twitter-public-data", "X Public Data (Twitter)", "SOCIAL", {
  formRoute: "/twitter-public-data",
  connectionFields: [
    secretField("consumerKey", "Bearer token", "key"),
    field("accounts", "Accounts (separate by commas)", "options.accounts", { list: true }),
  ],
  color: "#000000",
  monogram: "XP",
});
