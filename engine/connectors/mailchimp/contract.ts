// The contract test's fixture: the Mailchimp fake from fake.ts and an OAuth token.
import { MC_APP, MC_TOKEN, startMailchimpFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "mailchimp",
  credential: { type: "oauth2", accessToken: MC_TOKEN },
  app: MC_APP,
  async startFake() {
    const fake = await startMailchimpFake();
    return { baseUrl: fake.baseUrl, close: () => fake.close() };
  },
  read: { report: "campaigns", range: { start: "2025-03-01", end: "2025-03-10" } },
};
