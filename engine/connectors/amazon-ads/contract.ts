// The contract test's fixture: the Amazon Ads fake and a credential it accepts.
import { ACCESS_TOKEN, CLIENT, REFRESH_TOKEN, startAmazonAdsFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "amazon-ads",
  startFake: startAmazonAdsFake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: CLIENT,
  read: { report: "sp_campaigns", range: { start: "2025-03-01", end: "2025-03-02" } },
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
