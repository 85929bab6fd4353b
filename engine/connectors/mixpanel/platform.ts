// The mixpanel catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("mixpanel", "Mixpanel", "ANALYTICS", {
  formRoute: "/mixpanel",
  connectionFields: [
    field("consumerKey", "Service account username", "key"),
    secretField("consumerSecret", "Service account secret", "secret"),
    field("region", "Data residency", "options.region", {
      type: "select",
      default: "us",
      choices: [
        { value: "us", label: "United States (mixpanel.com)" },
        { value: "eu", label: "European Union (eu.mixpanel.com)" },
        { value: "in", label: "India (in.mixpanel.com)" },
      ],
    }),
  ],
  color: "#7856ff",
});
