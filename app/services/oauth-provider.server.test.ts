import { describe, expect, it } from "vitest";
import { platformOfRequest, redirectWith } from "./oauth-provider.server";
import { lookerDataType, lookerLocale } from "./addons.server";

describe("connector redirect: which platform", () => {
  const client = { scriptPlatforms: { abc123: "google-ads" } };
  it("takes askFor first, then scriptId, then the script id inside the callback URI", () => {
    expect(platformOfRequest(client, new URLSearchParams({ askFor: "facebook-ads", scriptId: "abc123" }))).toBe("facebook-ads");
    expect(platformOfRequest(client, new URLSearchParams({ scriptId: "abc123" }))).toBe("google-ads");
    expect(platformOfRequest(client, new URLSearchParams(), "https://script.google.com/macros/d/abc123/usercallback")).toBe("google-ads");
  });
  it("knows nothing of an unmapped script or an unrelated URI", () => {
    expect(platformOfRequest(client, new URLSearchParams({ scriptId: "zzz" }))).toBeNull();
    expect(platformOfRequest(client, new URLSearchParams(), "https://evil.example/macros/d/abc123/usercallback")).toBeNull();
  });
});

describe("redirectWith", () => {
  it("keeps the registered URI's own query and leaves out null values", () => {
    expect(redirectWith("https://a.example/cb?x=1", { code: "c d", state: null })).toBe("https://a.example/cb?x=1&code=c+d");
  });
});

describe("Looker Studio types and locales", () => {
  it("maps semantic types to Looker's data types", () => {
    expect(lookerDataType("CURRENCY_EUR")).toBe("NUMBER");
    expect(lookerDataType("PERCENT")).toBe("NUMBER");
    expect(lookerDataType("BOOLEAN")).toBe("BOOLEAN");
    expect(lookerDataType("YEAR_MONTH_DAY")).toBe("STRING");
  });
  it("reads fr and en from a locale and falls back to en", () => {
    expect(lookerLocale("fr_FR")).toBe("fr");
    expect(lookerLocale("EN-gb")).toBe("en");
    expect(lookerLocale("de")).toBe("en");
    expect(lookerLocale(null)).toBe("en");
  });
});
