// The contract test's view of Klaviyo: the fake from fake.ts and a private key.
import { KLAVIYO_FAKE_KEY, startKlaviyoFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "klaviyo",
  startFake: async () => {
    const fake = await startKlaviyoFake();
    return { baseUrl: fake.url, close: fake.close };
  },
  credential: { type: "api-key", key: KLAVIYO_FAKE_KEY },
  read: { report: "campaigns", range: { start: "2025-01-06", end: "2025-01-07" } },
};
