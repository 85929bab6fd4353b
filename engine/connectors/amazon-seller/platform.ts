// The amazon-seller catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";
import { AMAZON_SELLER_DEFAULT_URL, AMAZON_SELLER_MARKETPLACES } from "../../catalogue/amazon-marketplaces.js";

export const platform = definePlatform("amazon-seller", "Amazon Seller Central", "E-COMMERCE", {
  formRoute: "/amazon-seller",
  availableToAll: false,
  connectionFields: [
    field("url", "Marketplace", "options.url", {
      type: "select",
      default: AMAZON_SELLER_DEFAULT_URL,
      choices: AMAZON_SELLER_MARKETPLACES.map((m) => ({ value: m.url, label: m.country })),
    }),
  ],
  color: "#ff9900",
  monogram: "AZ",
});
