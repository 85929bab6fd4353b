// awin's fields on the normalized ads schema (decision 0931). An affiliate network: the advertiser
// pays commissions (spend) on transactions (conversions) worth the sale amount (conversion value),
// each in the currency of its row, not of an account.
import { defineNormalizedAds } from "../../query/normalized-ads.js";

export const normalized = defineNormalizedAds({
  reports: [
    {
      report: "transactions",
      fields: { date: "date", account_id: "account_id", account_name: "account_name", spend: "commission", conversions: "transactions", conversion_value: "sale_amount" },
      currencyField: "currency",
    },
  ],
});
