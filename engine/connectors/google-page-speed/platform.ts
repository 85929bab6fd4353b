// The google-page-speed catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("google-page-speed", "Google PageSpeed Insights", "ANALYTICS", {
  formRoute: "/google-page-speed",
  fixedCredential: { key: "1" },
  connectionFields: [field("urls", "Url", "options.urls", { type: "textarea", list: true, help: "One or several URLs, separate by commas." })],
  color: "#34a853",
  monogram: "PS",
});
