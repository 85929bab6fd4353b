// The contract test's fixture: the GA4 fake and a credential it accepts.
import { ACCESS_TOKEN, CLIENT, REFRESH_TOKEN, startGa4Fake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "google-analytics",
  startFake: startGa4Fake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: CLIENT,
  read: {
    range: { start: "2025-03-01", end: "2025-03-01" },
    accounts: ["300001"],
    fields: ["date", "session_default_channel_group", "country", "device_category", "sessions", "total_users", "engagement_rate", "key_events", "purchase_revenue"],
  },
};
