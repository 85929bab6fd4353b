// The contract test's fixture: the X Ads fake from fake.ts and its OAuth 1.0a keys.
import { startTwitterFake, X_CONSUMER, X_TOKEN } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "twitter-ads",
  credential: X_TOKEN,
  app: X_CONSUMER,
  async startFake() {
    const fake = await startTwitterFake();
    return { baseUrl: fake.baseUrl, close: () => fake.close() };
  },
  // A sample of the catalogue as a user would pick it (a query URL cannot carry hundreds of fields);
  // everyField reads all of them.
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-03" }, fields: ["date", "campaign_id", "campaign_name", "segment_devices", "impressions", "engagements", "cost", "video_views_100", "conversion_purchases_post_view", "media_views"] },
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
