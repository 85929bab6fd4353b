// The contract test's view of Stripe: the fake from fake.ts and a restricted key.
import { startStripeFake, STRIPE_FAKE_KEY } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "stripe",
  startFake: async () => {
    const fake = await startStripeFake();
    return { baseUrl: fake.url, close: fake.close };
  },
  credential: { type: "api-key", key: STRIPE_FAKE_KEY },
  read: { report: "balance_transactions", range: { start: "2025-01-06", end: "2025-01-08" } },
};
