// The contract test's fixture: the Google Ads fake and a credential it accepts.
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, startGoogleAdsFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "google-ads",
  startFake: startGoogleAdsFake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } },
  read: { report: "campaign", range: { start: "2025-03-01", end: "2025-03-03" } },
};
