// The magento catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("magento", "Magento", "E-COMMERCE", {
  formRoute: "/magento",
  connectionFields: [
    urlField("storeUrl", "Store URL", "options.storeUrl"),
    field("consumerKey", "Consumer Key", "key"),
    secretField("consumerSecret", "Consumer Secret", "secret"),
    secretField("accessToken", "Access Token", "options.accessToken"),
    secretField("accessTokenSecret", "Access Token Secret", "options.accessTokenSecret"),
  ],
  color: "#ee672f",
});
