// The contract test's fixture: the TikTok Business API fake from fake.ts.
import { startTikTokFake, TT_APP, TT_TOKEN } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "tik-tok",
  credential: { type: "oauth2", accessToken: TT_TOKEN },
  app: TT_APP,
  async startFake() {
    const fake = await startTikTokFake();
    return { baseUrl: fake.baseUrl, close: () => fake.close() };
  },
  // A sample of the catalogue as a user would pick it (a query URL cannot carry hundreds of fields);
  // everyField reads all of them.
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-03" }, fields: ["date", "campaign_id", "campaign_name", "objective", "cost", "impressions", "clicks", "reach", "frequency", "conversions", "video_views_p100", "engaged_view", "profile_visits", "likes"] },
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" }, accounts: ["7100000000000000001"] },
};
