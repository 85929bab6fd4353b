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
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-03" } },
};
