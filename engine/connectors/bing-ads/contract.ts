// The contract test's fixture: the Microsoft Advertising fake and a credential it accepts.
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, startBingAdsFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "bing-ads",
  startFake: startBingAdsFake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } },
  // A sample of the catalogue as a user would pick it (a query URL cannot carry hundreds of fields);
  // everyField reads all of them.
  read: { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" }, accounts: ["150001"], fields: ["date", "campaign_id", "campaign_name", "device_type", "network", "impressions", "clicks", "cost", "conversions", "conversion_value", "impression_share_percent", "click_share_percent", "quality_score", "phone_calls"] },
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
