// The active-campaign catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("active-campaign", "ActiveCampaign", "EMAILING", {
  formRoute: "/active-campaign",
  connectionFields: [urlField("url", "API URL", "options.url", { placeholder: "https://youraccount.api-us1.com" }), secretField("consumerKey", "API Key", "key")],
  color: "#356ae6",
  monogram: "AC",
});
