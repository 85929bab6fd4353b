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
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-03" } },
};
