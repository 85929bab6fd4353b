// The app-store-connect catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("app-store-connect", "App Store Connect", "STORE_APPLICATION", {
  formRoute: "/appstore-connect",
  connectionFields: [
    field("issuerId", "Issuer ID", "options.issuerId"),
    field("vendorId", "Vendor ID", "options.vendorId"),
    field("consumerKey", "Key ID", "key"),
    secretField("consumerSecret", "Private key (.p8 content)", "secret", { type: "textarea" }),
  ],
  color: "#0d96f6",
  monogram: "AS",
});
