import { expect } from "vitest";
import { AD_ACCOUNTS, reachOf, SPOTIFY_UNAUTHORIZED, spotifyError, startSpotifyFake } from "./fake.js";
import { campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sumMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { spotifyAdsConnector } from "./connector.js";

const [podcasts] = AD_ACCOUNTS;
const day = "2025-03-01";
const REPORTS = "/ads/v3/ad_accounts/:id/aggregate_reports";

behaviourSuite({
  connector: spotifyAdsConnector,
  start: startSpotifyFake,
  dataPath: REPORTS,
  read: { accounts: [podcasts.id], fields: ["campaign_id", "campaign_name", "impressions", "clicks", "cost", "reach"], range: { start: day, end: day }, options: { report: "campaign" } },
  unauthorized: SPOTIFY_UNAUTHORIZED,
  rateLimited: { ...spotifyError(429, "API rate limit exceeded"), headers: { "retry-after": "1" } },
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "aa-0001", name: "Signal Podcasts", timezone: "Europe/Stockholm", currency: "EUR", status: "active" },
      { id: "aa-0002", name: "Signal Music US", timezone: "America/New_York", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(
      fakeCampaigns(podcasts.id).map((c) => {
        const m = campaignMetrics(c.id, day);
        return { campaign_id: c.id, campaign_name: c.name, impressions: m.impressions, clicks: m.clicks, cost: m.cost, reach: reachOf(m.impressions) };
      }),
    );
    const [request] = fake.server.requestsTo(REPORTS);
    // Stockholm midnights (+01:00 in March).
    expect(Object.fromEntries(request.query)).toMatchObject({ entity_type: "CAMPAIGN", granularity: "DAY", report_start: "2025-03-01T00:00:00+01:00", report_end: "2025-03-02T00:00:00+01:00" });
  },
  pagination: {
    // One day by hour: 72 campaign-hours, 50 per page.
    read: { fields: ["hour", "clicks"], granularity: "hour", options: { report: "account" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(24);
      const clicks = sumMetrics(fakeCampaigns(podcasts.id).map((c) => campaignMetrics(c.id, day, 7))).clicks;
      expect(rows[7]).toEqual({ hour: 7, clicks });
      expect(fake.server.requestsTo(REPORTS).map((r) => r.query.get("continuation_token"))).toEqual([null, "50"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "rolls campaign rows up into the account report": async ({ read }) => {
      const rows = await read({ options: { report: "account" }, fields: ["date", "impressions", "cost"] });
      const total = sumMetrics(fakeCampaigns(podcasts.id).map((c) => campaignMetrics(c.id, day)));
      expect(rows).toEqual([{ date: day, impressions: total.impressions, cost: total.cost }]);
    },
    "maps a 403 to a missing-permission config error": async ({ read, fake }) => {
      fake.server.once("GET", REPORTS, spotifyError(403, "User does not have access to ad account aa-0001"));
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("does not have access") });
    },
  },
});
