// The instagram-public-data catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("instagram-public-data", "Instagram Public Data", "SOCIAL", {
  formRoute: "/instagram-public-data",
  connectionFields: [field("accounts", "Instagram accounts (separate by commas)", "options.accounts", { list: true })],
  color: "#e1306c",
  monogram: "ID",
});
