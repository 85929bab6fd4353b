import { describe, expect, it } from "vitest";
import { connectorSettings, credentialCheckFailure, credentialFormPath, hasAuthParameter, hasCredentialForm, platformOfFormPath, readOAuthReturnParams, rebaseUrl } from "./sources.server";
import { ConnectorError } from "../../engine/index.js";

describe("connectorSettings (docs/sources-oauth.md)", () => {
  it("reads the app, the extras and both base-URL overrides from {PLATFORM}_*", () => {
    const settings = connectorSettings("google-ads", {
      GOOGLE_ADS_CLIENT_ID: "cid",
      GOOGLE_ADS_CLIENT_SECRET: "secret",
      GOOGLE_ADS_DEVELOPER_TOKEN: "dev",
      GOOGLE_ADS_BASE_URL: "http://127.0.0.1:9/api",
      GOOGLE_ADS_OAUTH_BASE_URL: "http://127.0.0.1:8",
      GOOGLE_CLIENT_ID: "not-this-one",
    });
    expect(settings).toEqual({
      app: { clientId: "cid", clientSecret: "secret", extra: { developerToken: "dev" } },
      apiBaseUrl: "http://127.0.0.1:9/api",
      oauthBaseUrl: "http://127.0.0.1:8",
    });
  });
  it("has no app when nothing is configured", () => {
    expect(connectorSettings("twitter-ads", {}).app).toEqual({ clientId: undefined, clientSecret: undefined, extra: {} });
  });
});

describe("rebaseUrl", () => {
  it("keeps the path and query on the new origin (and its path prefix)", () => {
    expect(rebaseUrl("https://accounts.google.com/o/oauth2/v2/auth?x=1", "http://127.0.0.1:5000")).toBe("http://127.0.0.1:5000/o/oauth2/v2/auth?x=1");
    expect(rebaseUrl("https://api.x.com/oauth/request_token", "http://127.0.0.1:5000/prefix/")).toBe("http://127.0.0.1:5000/prefix/oauth/request_token");
    expect(rebaseUrl("https://api.x.com/oauth/request_token", undefined)).toBe("https://api.x.com/oauth/request_token");
  });
});

describe("OAuth return parameters (spec 3 §2.5)", () => {
  it("reads the spec's parameters plus state and from, and nothing else", () => {
    const params = readOAuthReturnParams(new URL("http://x/oauth2/authorize/demo/response?code=c&state=s&from=google-data-studio&evil=1&error_uri=u"));
    expect(params).toEqual({ code: "c", state: "s", from: "google-data-studio", error_uri: "u" });
  });
  it("needs code, connected, success, oauth_token or spapi_oauth_code", () => {
    for (const key of ["code", "connected", "success", "oauth_token", "spapi_oauth_code"]) expect(hasAuthParameter({ [key]: "1" })).toBe(true);
    expect(hasAuthParameter({ oauth_verifier: "v", consumerKey: "k", error: "access_denied" })).toBe(false);
  });
});

describe("credential form paths (spec 3 §2.7)", () => {
  it("maps every spec route to a catalogue platform with a form", () => {
    const routes = "shopify woocommerce klaviyo matomo active-campaign appstore-connect google-play-store piano-analytics brevo call-rail stripe adobe-analytics twitter-public-data apple-search-ads instagram-public-data piwik adjust bing-webmaster-tool adtraction app-flyers outbrains the-trade-desk pardot awin criteo facebook-public-data amazon-seller magento prestashop bigcommerce teads taboola line-ads xandr google-page-speed google-trends branch airbnb-review g2-review tripadvisor-review yelp-review indeed-review glassdoor-review booking-review google-play-review appstore-review capterra-review trustpilot-review facebook-review chartmogul profitwell outbrain-dsp stack-adapt ads-wizz comment-sold".split(" ");
    const missing = routes.filter((r) => !platformOfFormPath(r));
    expect(missing).toEqual([]);
    for (const r of routes) {
      const platform = platformOfFormPath(r)!;
      expect(hasCredentialForm(platform)).toBe(true);
      expect(credentialFormPath(platform)).toBe(`/${r}`);
      expect(platform.connectionFields.length).toBeGreaterThan(0);
    }
  });
  it("is not a form for OAuth platforms without fields or unknown paths", () => {
    expect(platformOfFormPath("google-ads")).toBeUndefined();
    expect(platformOfFormPath("login")).toBeUndefined();
  });
});

describe("credentialCheckFailure (issue 19: could not reach vs refused)", () => {
  const shop = { displayName: "Shopify" };
  const request = { method: "GET", url: "https://acme.myshopify.com/admin/api/shop.json" };
  it("says the platform refused the credentials when it answered no", () => {
    const f = credentialCheckFailure(shop, new ConnectorError({ kind: "config", platform: "shopify", status: 401, request, message: "Invalid API key or access token." }));
    expect([f.kind, f.title, f.detail]).toEqual(["refused", "Shopify refused these credentials", "Invalid API key or access token."]);
  });
  it("says where and why it could not reach the platform, and promises no retry", () => {
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND acme.example"), { code: "ENOTFOUND" });
    const f = credentialCheckFailure(shop, new ConnectorError({ kind: "transient", platform: "shopify", request, message: "Could not reach shopify (fetch failed). The extraction will be retried.", cause: new TypeError("fetch failed", { cause: dns }) }));
    expect(f.kind).toBe("unreachable");
    expect(f.title).toBe("We could not reach Shopify at acme.myshopify.com");
    expect(f.message).toContain("no server has this name");
    expect(`${f.title} ${f.message} ${f.detail ?? ""}`).not.toMatch(/retried|getaddrinfo/);
  });
  it("tells a platform failing on its side from both", () => {
    const f = credentialCheckFailure(shop, new ConnectorError({ kind: "transient", platform: "shopify", status: 503, request, message: "Shopify is unavailable (503). The extraction will be retried." }));
    expect([f.kind, f.detail]).toEqual(["unavailable", "Shopify is unavailable (503)."]);
  });
  it("says which value is malformed when the connector refused it before asking", () => {
    const f = credentialCheckFailure({ displayName: "WooCommerce" }, new ConnectorError({ kind: "config", platform: "woocommerce", message: "WooCommerce only accepts API keys over HTTPS. Enter the store URL with https://." }));
    expect([f.kind, f.title]).toEqual(["invalid", "Check what you entered"]);
    expect(f.message).toContain("over HTTPS");
  });
});
