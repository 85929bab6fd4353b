// The contract test's fixture: the Google Ads fake and a credential it accepts. The catalogue has
// hundreds of fields per report, not all combinable, so the fixture reads a compatible sample;
// catalogue-contract.test.ts requests every field of every report.
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, startGoogleAdsFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "google-ads",
  startFake: startGoogleAdsFake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } },
  read: {
    report: "campaign",
    range: { start: "2025-03-01", end: "2025-03-03" },
    fields: ["date", "account_id", "campaign_id", "campaign_name", "campaign_status", "campaign_budget", "device", "impressions", "clicks", "cost", "conversions", "conversion_value", "ctr", "average_cpc", "search_impression_share", "video_trueview_views", "active_view_impressions"],
  },
};
