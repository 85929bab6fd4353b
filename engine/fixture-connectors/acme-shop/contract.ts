import type { ContractFixture } from "../../connectors/contract-fixture.js";
import { ACME_SHOP_TOKEN, startAcmeShopFake } from "./fake.js";

export const contract: ContractFixture = {
  platform: "acme-shop",
  startFake: async () => {
    const fake = await startAcmeShopFake();
    return { baseUrl: fake.url, close: () => fake.close() };
  },
  credential: { type: "api-key", key: ACME_SHOP_TOKEN },
  read: { report: "orders", range: { start: "2025-01-06", end: "2025-01-08" } },
};
