// The contract test's fixture: the Graph fake from fake.ts and its token.
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
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-03" } },
};
