// The pardot catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("pardot", "Salesforce Pardot", "CRM", {
  formRoute: "/pardot",
  connectionFields: [field("businessId", "Business unit id", "options.businessId", { placeholder: "0Uv..." })],
  color: "#00a1e0",
  monogram: "PA",
});
