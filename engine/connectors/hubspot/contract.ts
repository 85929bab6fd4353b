// The contract test's fixture: the HubSpot fake from fake.ts and an OAuth credential.
import { HS_APP, HS_REFRESH, HS_TOKEN, startHubSpotFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "hubspot",
  credential: { type: "oauth2", accessToken: HS_TOKEN, refreshToken: HS_REFRESH },
  app: HS_APP,
  async startFake() {
    const fake = await startHubSpotFake();
    return { baseUrl: fake.baseUrl, tokenUrl: fake.oauth.tokenUrl, close: () => fake.close() };
  },
  read: { report: "deals", range: { start: "2025-03-01", end: "2025-03-03" } },
};
