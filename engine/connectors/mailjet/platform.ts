// The mailjet catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("mailjet", "Mailjet", "EMAILING", {
  formRoute: "/mailjet",
  connectionFields: [field("consumerKey", "API Key", "key"), secretField("consumerSecret", "Secret Key", "secret")],
  color: "#fead0d",
  monogram: "MJ",
});
