// The amplitude catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("amplitude", "Amplitude", "ANALYTICS", {
  formRoute: "/amplitude",
  connectionFields: [
    field("consumerKey", "API Key", "key"),
    secretField("consumerSecret", "Secret Key", "secret"),
    field("region", "Data residency", "options.region", {
      type: "select",
      default: "us",
      choices: [
        { value: "us", label: "United States (amplitude.com)" },
        { value: "eu", label: "European Union (analytics.eu.amplitude.com)" },
      ],
    }),
  ],
  color: "#1e61f0",
});
