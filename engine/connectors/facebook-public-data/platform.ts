// The facebook-public-data catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("facebook-public-data", "Facebook Public Data", "SOCIAL", {
  formRoute: "/facebook-public-data",
  connectionFields: [field("accounts", "Page ids (separate by commas)", "options.accounts", { list: true })],
  color: "#1877f2",
  monogram: "FD",
});
