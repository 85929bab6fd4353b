import { startSnapchatFake } from "./fake.js";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { contractOf } from "../../../tests/fakes/support/behaviours.js";

// The read is a sample of the catalogue as a user would pick it (a query URL cannot carry hundreds
// of fields); everyField reads all of them.
export const contract = {
  ...contractOf("snapchat-ads", startSnapchatFake, { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" }, fields: ["date", "campaign_id", "campaign_name", "demographic_age", "impressions", "cost", "video_views", "story_opens", "total_installs", "conversion_purchases_view", "conversion_add_cart"] }, adsFakeSecrets("snap")),
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
