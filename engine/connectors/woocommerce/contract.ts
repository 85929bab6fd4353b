// The contract test's view of WooCommerce: the fake store from fake.ts.
import { startWooFake, WOO_FAKE_KEY, WOO_FAKE_SECRET } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "woocommerce",
  startFake: async () => {
    const fake = await startWooFake();
    return { baseUrl: fake.url, close: fake.close };
  },
  credential: { type: "api-key", key: WOO_FAKE_KEY, secret: WOO_FAKE_SECRET, options: { storeUrl: "https://cafe-signal.example" } },
  read: { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } },
};
