// The automatic checks and configuration values of the google-ads connector against the local
// Google Ads fake: enabled ads' final URLs with yesterday's cost, conversion actions with their
// last tag fire, the campaign budget for kpi alerts, and no security capability.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, MERCHANT_ID, REFRESH_TOKEN, campaignsOf, failures, hourMetrics, shoppingCampaignsOf, startGoogleAdsFake, type GoogleAdsFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential } from "../../core/types.js";
import { AD_URLS_QUERY, CONVERSION_ACTIONS_QUERY, SHOPPING_CAMPAIGNS_QUERY, SHOPPING_PRODUCTS_QUERY, campaignProductsQuery, productCostsQuery } from "./checks.js";
import { googleAdsConnector as connector } from "./connector.js";

let fake: GoogleAdsFake;
beforeAll(async () => {
  fake = await startGoogleAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = () => fakeContext(connector, fake, { credential: fresh, app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } } }).ctx;
const shopFr: Account = { id: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" };

const queries = () => fake.server.requestsTo(/googleAds:searchStream$/).map((r) => r.json<{ query: string }>().query);

describe("google-ads automatic checks", () => {
  it("lists the first final URL of each enabled ad in enabled campaigns, with its cost yesterday", async () => {
    const urls = await connector.listAdUrls!(context(), shopFr);
    const [brand] = campaignsOf(shopFr.id);
    const group = brand.adGroups[0].id;
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
    let micros = 0;
    for (let h = 0; h < 24; h++) micros += hourMetrics(group, yesterday, h).costMicros;
    expect(urls).toEqual([{ url: `https://shop-${shopFr.id}.example.com/${group}`, campaignId: brand.id, costYesterday: Math.round((micros / 1e6) * 100) / 100 }]);
    expect(queries()).toContain(AD_URLS_QUERY);
    expect(queries()).toContain(`SELECT ad_group_ad.ad.id, metrics.cost_micros FROM ad_group_ad WHERE segments.date BETWEEN '${yesterday}' AND '${yesterday}'`);
    // Under the manager: the login-customer-id header names it.
    expect(fake.server.requestsTo(/googleAds:searchStream$/)[0].headers["login-customer-id"]).toBe("1112223333");
  });

  it("reports conversion actions; a website tag silent for 7 days is not running, imports keep their status", async () => {
    const tags = await connector.listConversionTags!(context(), shopFr);
    expect(tags.map((t) => [t.name, t.type, t.status])).toEqual([
      ["Purchase", "WEBPAGE", "ENABLED"],
      ["Newsletter", "WEBPAGE", "NO_RECENT_CONVERSIONS"],
      ["CRM import", "UPLOAD_CLICKS", "ENABLED"],
      ["Old form", "WEBPAGE", "HIDDEN"],
    ]);
    expect(tags[0].lastView).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    expect(tags[2].lastView).toBeNull();
    expect(queries()).toEqual([CONVERSION_ACTIONS_QUERY]);
  });

  it("lists Shopping products with their availability; advertised only when an enabled Shopping/PMax campaign includes them", async () => {
    const products = await connector.listProducts!(context(), shopFr);
    expect(products).toEqual([
      { productId: `${MERCHANT_ID}:sku-1`, title: "Running shoes", availability: "IN_STOCK", advertised: true, costYesterday: 12.34 },
      { productId: `${MERCHANT_ID}:sku-2`, title: "Trail jacket", availability: "OUT_OF_STOCK", advertised: true, costYesterday: 4.5 },
      // Only in the paused Performance Max campaign: not advertised, and no spend.
      { productId: `${MERCHANT_ID}:sku-3`, title: "Wool socks", availability: "OUT_OF_STOCK", advertised: false, costYesterday: null },
      { productId: `${MERCHANT_ID}:sku-4`, title: "Camping tent", availability: "PREORDER", advertised: false, costYesterday: null },
    ]);
    const [shopping] = shoppingCampaignsOf(shopFr.id);
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Paris" });
    // One campaign-scoped query per enabled campaign only (the paused one is not asked).
    expect(queries().sort()).toEqual([SHOPPING_PRODUCTS_QUERY, SHOPPING_CAMPAIGNS_QUERY, productCostsQuery(yesterday), campaignProductsQuery(shopping.id)].sort());
  });

  it("has no domain verification (Google Ads offers none)", () => {
    expect(connector.listDomainVerifications).toBeUndefined();
  });

  it("reads the campaign budget and status as configuration values for kpi alerts", async () => {
    const rows = await collectRows(connector.read(context(), { accounts: [shopFr], fields: ["date", "campaign_name", "campaign_status", "campaign_budget"], range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "campaign" } }));
    expect(rows).toEqual([
      { date: "2025-03-01", campaign_name: "Brand", campaign_status: "ENABLED", campaign_budget: 50 },
      { date: "2025-03-01", campaign_name: "Generic", campaign_status: "PAUSED", campaign_budget: 120.5 },
    ]);
    expect(queries()[0]).toContain("campaign_budget.amount_micros");
  });

  it("classifies an expired token on a check like on a read (refreshed, then retried)", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, failures.expiredToken());
    const tags = await connector.listConversionTags!(context(), shopFr);
    expect(tags).toHaveLength(4);
  });
});
