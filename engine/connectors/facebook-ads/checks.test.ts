// The automatic checks and configuration values of the facebook-ads connector against the local
// Graph fake: ad final URLs with yesterday's spend, pixels and custom conversions with their
// running state, Business Manager domains, campaign status and budgets merged into insights rows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FB_ACCOUNTS, FB_APP, FB_CAMPAIGNS, FB_TOKEN, fbMetrics, startFacebookFake, type FacebookFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { tagStatus } from "./checks.js";
import { createFacebookAdsConnector } from "./connector.js";

const connector = createFacebookAdsConnector();
let fake: FacebookFake;

const ctx = () =>
  createConnectorContext(connector, { credential: { type: "oauth2", accessToken: FB_TOKEN }, app: FB_APP, baseUrl: fake.baseUrl, retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5 } });

const account = (id: string): Account => {
  const a = FB_ACCOUNTS.find((x) => x.account_id === id)!;
  return { id, name: a.name, timezone: a.timezone_name, currency: a.currency };
};

beforeAll(async () => {
  fake = await startFacebookFake({ maxPageSize: 2 });
});
afterAll(() => fake.close());
beforeEach(() => fake.server.reset());

describe("facebook-ads automatic checks", () => {
  it("lists each active ad's link from any creative shape, with yesterday's spend per ad", async () => {
    const urls = await connector.listAdUrls!(ctx(), account("1001"));
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
    expect(urls).toEqual(
      FB_CAMPAIGNS["1001"].map((c) => ({ url: `https://shop-1001.example.com/${c.id}`, campaignId: c.id, costYesterday: Number(fbMetrics("1001", c.id, [yesterday]).cost.toFixed(2)) })),
    );
    const adsCalls = fake.server.requestsTo("/v26.0/act_1001/ads");
    expect(adsCalls.length).toBe(2); // 3 ads over pages of 2
    expect(JSON.parse(adsCalls[0].query.get("effective_status")!)).toEqual(["ACTIVE"]);
    const insights = fake.server.requestsTo("/v26.0/act_1001/insights")[0];
    expect(insights.query.get("level")).toBe("ad");
    expect(JSON.parse(insights.query.get("time_range")!)).toEqual({ since: yesterday, until: yesterday });
  });

  it("reports pixels and custom conversions, Running only when fired in the last 7 days; archived ones left out", async () => {
    const tags = await connector.listConversionTags!(ctx(), account("1001"));
    expect(tags.map((t) => [t.tagId, t.type, t.status])).toEqual([
      ["7700001", "PIXEL", "ENABLED"],
      ["7700002", "PIXEL", "NO_RECENT_ACTIVITY"],
      ["5500001", "CUSTOM_CONVERSION:PURCHASE", "ENABLED"],
    ]);
    expect(tags[0].lastView).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await connector.listConversionTags!(ctx(), account("1002"))).toEqual([]);
  });

  it("reads the owning Business Manager's domains and their verification", async () => {
    const domains = await connector.listDomainVerifications!(ctx(), account("1001"));
    expect(domains).toEqual([
      { domain: "parisshoes.example.com", verifiedBy: "Business Manager Paris Shoes SAS", verifiedAt: new Date().toISOString().slice(0, 10) },
      { domain: "promo-parisshoes.example.net", verifiedBy: null, verifiedAt: null },
    ]);
    expect(fake.server.requestsTo("/v26.0/act_1001")[0].query.get("fields")).toBe("business{id,name}");
    // An account outside any Business Manager has nothing to verify.
    expect(await connector.listDomainVerifications!(ctx(), account("1002"))).toEqual([]);
  });

  it("merges campaign status and budgets (minor units to currency) into insights rows for kpi alerts", async () => {
    const rows = await collectRows(
      connector.read(ctx(), { accounts: [account("1001")], fields: ["date", "campaign_name", "campaign_status", "campaign_daily_budget", "campaign_lifetime_budget"], range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "campaigns" } }),
    );
    expect(rows).toEqual([
      { date: "2025-03-01", campaign_name: "Spring Sale", campaign_status: "ACTIVE", campaign_daily_budget: 50, campaign_lifetime_budget: null },
      { date: "2025-03-01", campaign_name: "Brand Awareness", campaign_status: "PAUSED", campaign_daily_budget: 12.5, campaign_lifetime_budget: null },
      { date: "2025-03-01", campaign_name: "Retargeting", campaign_status: "ACTIVE", campaign_daily_budget: null, campaign_lifetime_budget: 900 },
    ]);
    // campaign_id was asked of insights to join on, though not returned.
    expect(fake.server.requestsTo("/v26.0/act_1001/insights")[0].query.get("fields")).toContain("campaign_id");
    expect(fake.server.requestsTo("/v26.0/act_1001/campaigns")[0].query.get("fields")).toBe("id,effective_status,daily_budget,lifetime_budget");
  });

  it("surfaces an expired token on a check as the reconnect (config) error", async () => {
    fake.fail("token-expired", { path: /adspixels/ });
    await expect(connector.listConversionTags!(ctx(), account("1001"))).rejects.toMatchObject({ kind: "config" });
  });

  it("names the tag states", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(tagStatus({ lastFired: "2026-03-09T12:00:00+0000" }, now)).toBe("ENABLED");
    expect(tagStatus({ lastFired: "2026-03-01T12:00:00+0000" }, now)).toBe("NO_RECENT_ACTIVITY");
    expect(tagStatus({ lastFired: null }, now)).toBe("NEVER_FIRED");
    expect(tagStatus({ lastFired: "2026-03-09T12:00:00+0000", unavailable: true }, now)).toBe("UNAVAILABLE");
  });
});
