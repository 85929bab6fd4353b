// The google-trends catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("google-trends", "Google Trends", "ANALYTICS", {
  formRoute: "/google-trends",
  fixedCredential: { key: "1" },
  connectionFields: [field("keywords", "Keywords, comma separated", "options.keywords", { list: true })],
  color: "#4285f4",
  monogram: "GT",
});
