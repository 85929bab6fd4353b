// The contract test's fixture: the LinkedIn fake and a credential it accepts.
import { ACCESS_TOKEN, CLIENT, REFRESH_TOKEN, startLinkedInFake } from "./fake.js";
import type { ContractFixture } from "../contract-fixture.js";

export const contract: ContractFixture = {
  platform: "linkedin",
  startFake: startLinkedInFake,
  credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" },
  app: CLIENT,
  // A sample of the catalogue as a user would pick it (a query URL cannot carry hundreds of fields);
  // everyField reads all of them.
  read: { report: "campaign", range: { start: "2025-03-01", end: "2025-03-02" }, fields: ["date", "campaign_id", "campaign_name", "member_seniority", "impressions", "clicks", "likes", "shares", "video_views", "leads", "landing_page_clicks", "conversions"] },
  everyField: { range: { start: "2025-03-01", end: "2025-03-01" } },
};
