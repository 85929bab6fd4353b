import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as simpleIcons from "simple-icons";
import { BRAND_LOGOS_FILE, renderBrandLogoModule } from "../../scripts/generate-brand-logos.js";
import { BRAND_LOGO_SLUGS } from "../../engine/catalogue/brand-logos.js";
import { findPlatform, getPlatformIconSvg } from "../../engine/index.js";
import { platformLogoResponse } from "../../app/services/platform-logos.server.js";

describe("platform logos (issue 19, decision 0921)", () => {
  it("the committed marks are what simple-icons holds (regenerate after an upgrade)", () => {
    expect(readFileSync(BRAND_LOGOS_FILE, "utf8")).toBe(renderBrandLogoModule());
  });

  it("maps only platforms of the catalogue", () => {
    expect(Object.keys(BRAND_LOGO_SLUGS).filter((id) => !findPlatform(id))).toEqual([]);
  });

  it("draws the brand mark when simple-icons has one, the monogram tile otherwise", () => {
    const google = getPlatformIconSvg("google-ads");
    expect(google).toContain(`d="${simpleIcons.siGoogleads.path}"`);
    expect(google).toContain(`fill="#${simpleIcons.siGoogleads.hex}"`);
    expect(google).toContain("<title>Google Ads</title>");
    // LinkedIn asked simple-icons to drop its mark: the tile with its monogram stays.
    const linkedin = getPlatformIconSvg("linkedin");
    expect(linkedin).not.toContain("<path");
    expect(linkedin).toContain(`>${findPlatform("linkedin")!.icon.monogram}</text>`);
  });

  it("serves /platform-logos/{id}.svg as a cacheable image and refuses anything else", async () => {
    const ok = platformLogoResponse("shopify.svg");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(ok.headers.get("cache-control")).toContain("max-age=");
    expect(await ok.text()).toContain(simpleIcons.siShopify.path);
    for (const bad of ["nope.svg", "shopify", "../shopify.svg", "shopify.svg.png", undefined]) expect(platformLogoResponse(bad).status).toBe(404);
  });
});
