// The comment-sold catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("comment-sold", "CommentSold", "E-COMMERCE", {
  formRoute: "/comment-sold",
  flag: "new",
  connectionFields: [
    // Spec 3 §7 sends the token as both key and secret. It also drops the shop id; we keep it
    // (options.shopId) because the CommentSold API is per shop.
    secretField("consumerKey", "API token", ["key", "secret"]),
    field("shopId", "Shop ID", "options.shopId"),
  ],
  color: "#ff3c6e",
  monogram: "CS",
});
