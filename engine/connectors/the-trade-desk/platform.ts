// The the-trade-desk catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("the-trade-desk", "The Trade Desk", "ADS", {
  formRoute: "/the-trade-desk",
  availableToAll: false,
  connectionFields: [field("consumerKey", "Username", "key"), secretField("consumerSecret", "Password", "secret")],
  color: "#0099fa",
  monogram: "TD",
});
