// The branch catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("branch", "Branch", "ANALYTICS", {
  formRoute: "/branch",
  connectionFields: [field("key", "Branch Key", "key"), secretField("secret", "Branch Secret", "secret")],
  color: "#0075ff",
});
