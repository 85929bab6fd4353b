// The piwik catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("piwik", "Piwik PRO", "ANALYTICS", {
  formRoute: "/piwik",
  connectionFields: [
    field("domain", "Domain", "options.domain", { placeholder: "yourorganization.piwik.pro" }),
    field("clientId", "Client ID", "options.clientId"),
    secretField("clientSecret", "Client Secret", "options.clientSecret"),
  ],
  color: "#0b2c4b",
  monogram: "PP",
});
