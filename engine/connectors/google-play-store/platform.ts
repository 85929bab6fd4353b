// The google-play-store catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("google-play-store", "Google Play Console", "STORE_APPLICATION", {
  formRoute: "/google-play-store",
  connectionFields: [
    field("consumerKey", "Bucket id", "key", {
      placeholder: "pubsite_prod_rev_...",
      help: "Invite the service account shown on this page to your Play Console, then paste the reports bucket id.",
    }),
  ],
  color: "#01875f",
  monogram: "GP",
});
