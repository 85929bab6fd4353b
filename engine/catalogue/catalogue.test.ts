import { describe, expect, it } from "vitest";
import { InvalidCredentialError, UnknownPlatformError } from "../core/errors.js";
import { hasConnector, listConnectors } from "../connectors/registry.js";
import {
  AMAZON_SELLER_MARKETPLACES,
  amazonSellerUrl,
  buildCredentialFromForm,
  CATEGORIES,
  getPlatform,
  getPlatformIcon,
  listPlatforms,
  platformsByCategory,
  sortPlatforms,
} from "./index.js";

// Every identifier named in the three spec documents (spec 1 §3, spec 3 §2.7 and §7).
const SPEC_IDS = [
  "google-ads", "facebook-ads", "bing-ads", "linkedin", "twitter-ads", "tik-tok", "tik-tok-analytics", "pinterest-ads",
  "snapchat-ads", "amazon-ads", "shopify", "woocommerce", "stripe", "hubspot", "mailchimp", "klaviyo", "google-analytics",
  "facebook-analytics", "website", "matomo", "prestashop", "magento", "bigcommerce", "big-commerce", "piwik", "criteo", "taboola",
  "line-ads", "google-page-speed", "google-trends", "outbrains", "outbrain-dsp", "pardot", "zoho-crm", "app-store-connect",
  "apple-search-ads", "facebook-public-data", "twitter-public-data", "instagram-public-data", "active-campaign",
  "google-play-store", "piano-analytics", "brevo", "call-rail", "adobe-analytics", "adjust", "bing-webmaster-tool", "adtraction",
  "app-flyers", "the-trade-desk", "awin", "amazon-seller", "teads", "xandr", "branch", "airbnb-review", "g2-review",
  "tripadvisor-review", "yelp-review", "indeed-review", "glassdoor-review", "booking-review", "google-play-review",
  "appstore-review", "capterra-review", "trustpilot-review", "facebook-review", "chartmogul", "profitwell", "stack-adapt",
  "ads-wizz", "comment-sold",
];

const SPEC_FORM_ROUTES = [
  "/shopify", "/woocommerce", "/klaviyo", "/matomo", "/active-campaign", "/appstore-connect", "/google-play-store",
  "/piano-analytics", "/brevo", "/call-rail", "/stripe", "/adobe-analytics", "/twitter-public-data", "/apple-search-ads",
  "/instagram-public-data", "/piwik", "/adjust", "/bing-webmaster-tool", "/adtraction", "/app-flyers", "/outbrains",
  "/the-trade-desk", "/pardot", "/awin", "/criteo", "/facebook-public-data", "/amazon-seller", "/magento", "/prestashop",
  "/bigcommerce", "/teads", "/taboola", "/line-ads", "/xandr", "/google-page-speed", "/google-trends", "/branch",
  "/airbnb-review", "/g2-review", "/tripadvisor-review", "/yelp-review", "/indeed-review", "/glassdoor-review",
  "/booking-review", "/google-play-review", "/appstore-review", "/capterra-review", "/trustpilot-review", "/facebook-review",
  "/chartmogul", "/profitwell", "/outbrain-dsp", "/stack-adapt", "/ads-wizz", "/comment-sold",
];

const EXPECTED = ["google-search-console", "youtube", "instagram", "facebook-analytics", "linkedin-pages", "google-merchant-center", "reddit-ads", "dv360", "campaign-manager", "demo"];

describe("catalogue lookups", () => {
  const platforms = listPlatforms();

  it("holds about 90 platforms with unique ids and aliases", () => {
    expect(platforms.length).toBeGreaterThanOrEqual(85);
    expect(platforms.length).toBeLessThanOrEqual(100);
    const ids = platforms.flatMap((p) => [p.id, ...(p.aliases ?? [])]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([...SPEC_IDS, ...EXPECTED])("resolves %s", (id) => {
    expect(getPlatform(id).id).toBeTruthy();
  });

  it("resolves aliases to the canonical platform", () => {
    expect(getPlatform("big-commerce").id).toBe("bigcommerce");
  });

  it("has a credential form for every route of spec 3 §2.7", () => {
    const routes = new Set(platforms.map((p) => p.formRoute).filter(Boolean));
    for (const route of SPEC_FORM_ROUTES) expect(routes, route).toContain(route);
  });

  it("throws UnknownPlatformError for an unknown id", () => {
    expect(() => getPlatform("myspace-ads")).toThrow(UnknownPlatformError);
  });

  it("uses only known categories, and Google Merchant Center is a product feed", () => {
    for (const p of platforms) expect(CATEGORIES).toContain(p.category);
    expect(getPlatform("google-merchant-center").category).toBe("PRODUCT_FEED");
  });

  it("flags only tik-tok-analytics as deprecated", () => {
    expect(platforms.filter((p) => p.flag === "deprecated").map((p) => p.id)).toEqual(["tik-tok-analytics"]);
  });

  it("carries the alert option catalogue of spec 1 §3", () => {
    expect(getPlatform("facebook-ads").alertOptions.kpi).toEqual(["CAMPAIGN", "ADGROUP"]);
    expect(getPlatform("amazon-ads").alertOptions.kpi).toEqual(["CAMPAIGN"]);
    expect(getPlatform("google-ads").alertOptions.product_available).toEqual(["PRODUCT_AVAILABILITY"]);
    expect(getPlatform("google-ads").alertOptions.polymathee).toEqual(["ACCOUNT"]);
    expect(getPlatform("facebook-analytics").alertOptions.metric).toEqual(["PAGE", "POST"]);
    expect(getPlatform("website").alertOptions.metric).toEqual(["ACCOUNT"]);
    expect(getPlatform("google-analytics").alertOptions.metric).toHaveLength(9);
    const security = platforms.filter((p) => p.alertOptions.security).map((p) => p.id).sort();
    // The spec's three, plus our offline demo platform (issue 7: it shows every automatic check).
    expect(security).toEqual(["bing-ads", "demo", "facebook-ads", "google-ads"]);
    for (const p of platforms.filter((x) => x.category === "ADS" && x.alertsActive)) {
      expect(p.alertOptions.pacing, p.id).toEqual(["CAMPAIGN", "ACCOUNT"]);
      expect(p.alertOptions.metric, p.id).toEqual(["CAMPAIGN", "ACCOUNT"]);
    }
    expect(getPlatform("demo")).toMatchObject({ category: "ADS", authMethod: "api-key", alertsActive: true, displayName: "Demo Ads" });
  });

  it("offers the 22 Amazon marketplaces, Canada by default", () => {
    const field = getPlatform("amazon-seller").connectionFields[0];
    expect(AMAZON_SELLER_MARKETPLACES).toHaveLength(22);
    expect(field.choices).toHaveLength(22);
    expect(field.default).toBe("https://sellercentral.amazon.ca");
    expect(amazonSellerUrl("Germany")).toBe("https://sellercentral.amazon.de");
    expect(() => amazonSellerUrl("Atlantis")).toThrow("The url is not defined for Atlantis!");
  });

  it("derives implemented from the connector registry", () => {
    for (const p of platforms) expect(p.implemented, p.id).toBe(hasConnector(p.id));
    for (const c of listConnectors()) expect(getPlatform(c.id).implemented).toBe(true);
  });

  it("draws an icon for every platform and refuses unknown ones", () => {
    for (const p of platforms) expect(getPlatformIcon(p.id)).toMatch(/^data:image\/svg\+xml/);
    // Google Ads has a brand mark (decision 0921); LinkedIn keeps its monogram tile.
    expect(decodeURIComponent(getPlatformIcon("google-ads"))).toContain("<title>Google Ads</title>");
    expect(decodeURIComponent(getPlatformIcon("linkedin"))).toContain(">IN</text>");
    expect(() => getPlatformIcon("nope")).toThrow("Unable to load image for nope network");
  });
});

describe("sortPlatforms", () => {
  it("orders new, popular, beta, no flag, deprecated, then by name", () => {
    const input = [
      { displayName: "zeta", flag: undefined },
      { displayName: "Old", flag: "deprecated" as const },
      { displayName: "beta two", flag: "beta" as const },
      { displayName: "Alpha", flag: undefined },
      { displayName: "Pop", flag: "popular" as const },
      { displayName: "brand new", flag: "new" as const },
      { displayName: "Another new", flag: "new" as const },
    ];
    expect(sortPlatforms(input).map((p) => p.displayName)).toEqual(["Another new", "brand new", "Pop", "beta two", "Alpha", "zeta", "Old"]);
  });

  it("does not mutate its input", () => {
    const input = [{ displayName: "b" }, { displayName: "a" }];
    sortPlatforms(input);
    expect(input.map((p) => p.displayName)).toEqual(["b", "a"]);
  });

  it("groups by category in sorted order", () => {
    const groups = platformsByCategory();
    expect(Object.keys(groups).sort()).toEqual([...CATEGORIES].sort());
    expect(groups.ADS.map((p) => p.id)).toEqual(sortPlatforms(listPlatforms().filter((p) => p.category === "ADS")).map((p) => p.id));
    expect(groups.REVIEW.length).toBeGreaterThanOrEqual(12);
  });
});

describe("buildCredentialFromForm", () => {
  it("maps WooCommerce fields to key, secret and options.storeUrl", () => {
    expect(
      buildCredentialFromForm(getPlatform("woocommerce"), { storeUrl: "https://shop.example", consumerKey: "ck_1", consumerSecret: "cs_2" }),
    ).toEqual({ type: "api-key", key: "ck_1", secret: "cs_2", options: { storeUrl: "https://shop.example" } });
  });

  it("applies fixed keys and splits lists", () => {
    expect(buildCredentialFromForm(getPlatform("trustpilot-review"), { accounts: "a.com, b.com" })).toEqual({
      type: "api-key",
      key: "void",
      options: { accounts: ["a.com", "b.com"] },
    });
    expect(buildCredentialFromForm(getPlatform("google-trends"), { keywords: "shoes,boots" }).key).toBe("1");
    expect(buildCredentialFromForm(getPlatform("comment-sold"), { consumerKey: "tok", shopId: "9" })).toMatchObject({ key: "tok", secret: "tok" });
  });

  it("sends options-only forms with an empty key", () => {
    expect(buildCredentialFromForm(getPlatform("criteo"), { clientId: "id", clientSecret: "s" })).toEqual({
      type: "api-key",
      key: "",
      options: { clientId: "id", clientSecret: "s" },
    });
  });

  it("names missing fields and rejects bad URLs", () => {
    expect(() => buildCredentialFromForm(getPlatform("shopify"), { shop: "x" })).toThrow(InvalidCredentialError);
    expect(() => buildCredentialFromForm(getPlatform("shopify"), { shop: "x" })).toThrow(/Admin API access token/);
    expect(() => buildCredentialFromForm(getPlatform("matomo"), { url: "not a url", consumerKey: "k" })).toThrow(/Matomo URL/);
  });
});
