import { describe, expect, it } from "vitest";
import { shouldRedirectToGettingStarted } from "./_app";

describe("getting-started redirect rule (spec 3 §2.1)", () => {
  it("sends a company without sources to the wizard", () => {
    expect(shouldRedirectToGettingStarted({ pathname: "/data-connector", sourceCount: 0, skipped: false })).toBe(true);
  });
  it("stops once a source exists or the user skipped", () => {
    expect(shouldRedirectToGettingStarted({ pathname: "/data-connector", sourceCount: 1, skipped: false })).toBe(false);
    expect(shouldRedirectToGettingStarted({ pathname: "/data-connector", sourceCount: 0, skipped: true })).toBe(false);
  });
  it("keeps a company that had data out of the wizard after its last source is deleted (issue 19)", () => {
    expect(shouldRedirectToGettingStarted({ pathname: "/data-connector/usage", sourceCount: 0, skipped: false, history: true })).toBe(false);
    expect(shouldRedirectToGettingStarted({ pathname: "/data-connector/usage", sourceCount: 0, skipped: false, history: false })).toBe(true);
  });
  it("never redirects the exempt paths", () => {
    for (const p of ["/billing-space", "/buy", "/buy/google-data-studio", "/redirect", "/templates/x", "/link-to/y", "/getting-started"]) {
      expect(shouldRedirectToGettingStarted({ pathname: p, sourceCount: 0, skipped: false })).toBe(false);
    }
  });
});
