import { startPinterestFake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

// The read is a sample of the catalogue as a user would pick it (a query URL cannot carry hundreds
// of fields); everyField reads all of them.
export const contract = {
  ...contractOf("pinterest-ads", startPinterestFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" }, fields: ["date", "campaign_id", "campaign_name", "cost", "impressions", "clicks", "total_impression_user", "outbound_click_1", "total_engagement", "total_click_checkout", "total_view_add_to_cart", "repin_rate"] }, adsFakeSecrets("pin")),
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
