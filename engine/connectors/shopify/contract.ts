// The contract test's view of Shopify: the fake from fake.ts and a custom-app token.
import { SHOPIFY_FAKE_TOKEN, startShopifyFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "shopify",
  startFake: async () => {
    const fake = await startShopifyFake();
    return { baseUrl: fake.url, close: fake.close };
  },
  credential: { type: "api-key", key: SHOPIFY_FAKE_TOKEN, options: { shop: "signalpost-outfitters.myshopify.com" } },
  read: { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } },
};
