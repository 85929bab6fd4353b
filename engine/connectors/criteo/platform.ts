// The criteo catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("criteo", "Criteo", "ADS", {
  formRoute: "/criteo",
  connectionFields: [field("clientId", "Client ID", "options.clientId"), secretField("clientSecret", "Client Secret", "options.clientSecret")],
  color: "#f56600",
});
