// The website catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, urlField } from "../../catalogue/define.js";

export const platform = definePlatform("website", "Website", "ANALYTICS", {
  alertsActive: true,
  alertOptions: { metric: ["ACCOUNT"], url_checker: ["ACCOUNT"] },
  etl: false,
  reportingStudio: false,
  formRoute: "/website",
  fixedCredential: { key: "void" },
  connectionFields: [urlField("url", "Website URL", "options.url")],
  color: "#0ea5e9",
  monogram: "WW",
  description: "Availability and response time of a website.",
});
