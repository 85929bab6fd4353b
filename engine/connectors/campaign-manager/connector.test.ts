import { expect } from "vitest";
import { PROFILES, startCampaignManagerFake, type CampaignManagerFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns, GOOGLE_UNAUTHENTICATED, googleStatus } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { campaignManagerConnector } from "./connector.js";

const [fr, us] = PROFILES;
const day = "2025-03-01";
const REPORTS = "/dfareporting/v4/userprofiles/:p/reports";

behaviourSuite({
  connector: campaignManagerConnector,
  start: startCampaignManagerFake,
  dataPath: REPORTS,
  read: { accounts: [fr.profileId], fields: ["date", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: GOOGLE_UNAUTHENTICATED,
  rateLimited: { ...googleStatus(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Queries per minute'"), headers: { "retry-after": "1" } },
  serverError: googleStatus(500, "INTERNAL", "Internal error encountered."),
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "5501", name: "Signal Media FR (ops@signalpost.test)", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "5502", name: "Signal Media US (ops@signalpost.test)", timezone: "America/New_York", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(fr.profileId, day);
    // The preamble and the Grand Total line are not rows.
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    expect(fake.server.requestsTo(REPORTS)[0].json()).toMatchObject({ type: "STANDARD", format: "CSV", criteria: { dateRange: { startDate: day, endDate: day }, metricNames: ["impressions", "clicks", "mediaCost", "totalConversions"] } });
    expect(fake.server.requestsTo("/dfareporting/v4/reports/:r/files/:f")[0].headers.authorization).toMatch(/^Bearer /);
    expect(fake.server.requestsTo(`${REPORTS}/:r`, "DELETE")).toHaveLength(1);
  },
  pagination: {
    // One report per profile.
    read: { accounts: [fr.profileId, us.profileId], fields: ["account_id", "clicks"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([
        { account_id: "5501", clicks: accountMetrics("5501", day).clicks + accountMetrics("5501", "2025-03-02").clicks },
        { account_id: "5502", clicks: accountMetrics("5502", day).clicks + accountMetrics("5502", "2025-03-02").clicks },
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "polls a PROCESSING file until REPORT_AVAILABLE, then reads campaigns": async ({ read, fake }) => {
      (fake as CampaignManagerFake).pendingPolls = 1;
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "impressions"] });
      expect(rows).toEqual(fakeCampaigns(fr.profileId).map((c) => ({ campaign_id: c.id, campaign_name: c.name, impressions: campaignMetrics(c.id, day).impressions })));
      expect(fake.server.requestsTo(`${REPORTS}/:r/files/:f`)).toHaveLength(2);
    },
    "deletes the report even when the download fails": async ({ read, fake }) => {
      fake.server.once("GET", "/dfareporting/v4/reports/:r/files/:f", googleStatus(403, "PERMISSION_DENIED", "User profile 5501 does not have access to report files"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("Missing permission on Campaign Manager 360") });
      expect(fake.server.requestsTo(`${REPORTS}/:r`, "DELETE")).toHaveLength(1);
    },
  },
});
