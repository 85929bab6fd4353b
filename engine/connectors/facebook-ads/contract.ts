// The contract test's fixture: the Graph fake from fake.ts and its token. The catalogue has
// hundreds of fields whose breakdowns do not all combine, so the fixture reads a compatible
// sample; catalogue-contract.test.ts requests every field of every report.
import { FB_APP, FB_TOKEN, startFacebookFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "facebook-ads",
  credential: { type: "oauth2", accessToken: FB_TOKEN },
  app: FB_APP,
  async startFake() {
    const fake = await startFacebookFake();
    return { baseUrl: fake.baseUrl, close: () => fake.close() };
  },
  read: {
    report: "campaigns",
    range: { start: "2025-03-01", end: "2025-03-03" },
    fields: ["date", "campaign_id", "campaign_name", "objective", "age", "gender", "impressions", "clicks", "link_clicks", "cost", "reach", "ctr", "cpc", "conversions", "purchases", "purchase_value", "leads", "actions_add_to_cart", "cost_per_action_add_to_cart", "video_p25_watched_actions", "purchase_roas"],
  },
};
