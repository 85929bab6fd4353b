// The automatic checks of the bing-ads connector against the local Microsoft Advertising fake:
// active ads' FinalUrls through campaigns, ad groups and ads with yesterday's spend per ad from
// an ad performance report, and the customer's UET tags with their tracking status.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, adGroupsOf, adsOf, campaignsOf, failures, hourStats, startBingAdsFake, type BingAdsFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import type { Account, Credential } from "../../core/types.js";
import { createBingAdsConnector } from "./connector.js";

const connector = createBingAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: BingAdsFake;
beforeAll(async () => {
  fake = await startBingAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = () => fakeContext(connector, fake, { credential: fresh, app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } } }).ctx;
const fr: Account = { id: "150001", name: "Contoso FR", timezone: "Europe/Paris", currency: "EUR" };

describe("bing-ads automatic checks", () => {
  it("lists the final URL of each active ad of active ad groups and campaigns, with its spend yesterday", async () => {
    const urls = await connector.listAdUrls!(context(), fr);
    const active = campaignsOf(150001).filter((c) => c.CampaignStatus === "Active");
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
    expect(urls).toEqual(
      active.map((c) => {
        let spend = 0;
        for (let h = 0; h < 24; h++) spend = Math.round((spend + hourStats(c.CampaignId, yesterday, h).spend) * 100) / 100;
        const group = adGroupsOf(c.CampaignId)[0];
        return { url: adsOf(150001, group.Id)[0].FinalUrls[0], campaignId: String(c.CampaignId), costYesterday: spend };
      }),
    );
    // The calls name the account and its customer; the ads query lists the ad types it wants.
    const adCalls = fake.server.requestsTo("/CampaignManagement/v13/Ads/QueryByAdGroupId");
    expect(adCalls).toHaveLength(active.length);
    expect(adCalls[0].headers.customeraccountid).toBe("150001");
    expect(adCalls[0].headers.customerid).toBe("9001");
    expect(adCalls[0].json<{ AdTypes: string[] }>().AdTypes).toContain("ResponsiveSearch");
    expect(fake.server.requestsTo("/CampaignManagement/v13/Campaigns/QueryByAccountId").map((r) => r.json<{ CampaignType: string }>().CampaignType)).toEqual(["Search", "Audience"]);
    const report = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit")[0].json<{ ReportRequest: { Type: string; Columns: string[]; Aggregation: string } }>().ReportRequest;
    expect(report).toMatchObject({ Type: "AdPerformanceReportRequest", Columns: ["AdId", "Spend"], Aggregation: "Summary" });
  });

  it("reports the customer's UET tags, Running only when tracking is Active", async () => {
    const tags = await connector.listConversionTags!(context(), fr);
    expect(tags).toEqual([
      { tagId: "26000001", name: "Contoso site", type: "UET", status: "ENABLED", lastView: null },
      { tagId: "26000002", name: "Old microsite", type: "UET", status: "INACTIVE", lastView: null },
      { tagId: "26000003", name: "New checkout", type: "UET", status: "UNVERIFIED", lastView: null },
    ]);
    expect(fake.server.requestsTo("/CampaignManagement/v13/UetTags/QueryByIds")[0].json()).toEqual({ TagIds: null });
  });

  it("has no domain verification (Microsoft Advertising offers none)", () => {
    expect(connector.listDomainVerifications).toBeUndefined();
  });

  it("retries a call-rate fault on the Campaign Management service", async () => {
    fake.server.once("POST", "/CampaignManagement/v13/UetTags/QueryByIds", failures.callRate(0));
    expect(await connector.listConversionTags!(context(), fr)).toHaveLength(3);
    expect(fake.server.requestsTo("/CampaignManagement/v13/UetTags/QueryByIds")).toHaveLength(2);
  });
});
