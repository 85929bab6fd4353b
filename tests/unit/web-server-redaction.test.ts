import { describe, expect, it } from "vitest";
import { loggableUrl } from "../../scripts/runtime/web-server.js";

describe("access log redaction", () => {
  it("removes the API key from query URLs", () => {
    const line = loggableUrl("/api/request?format=csv&platform=demo&apikey=sp_abcdefghijklmnop1234&date=TODAY");
    expect(line).not.toContain("sp_abcdefghijklmnop1234");
    expect(line).toContain("apikey=[REDACTED]");
    expect(line).toContain("platform=demo");
  });

  it("keeps ordinary paths", () => {
    expect(loggableUrl("/data-connector/api?tab=saved")).toBe("/data-connector/api?tab=saved");
    expect(loggableUrl("/data-connector/sources/12")).toBe("/data-connector/sources/12");
    expect(loggableUrl("/reset-password")).toBe("/reset-password");
  });

  // Issue 15 item 7: each of these URLs hands over an account, a company or its data.
  it.each([
    ["/reset-password/Zx8_secretResetToken-1", "/reset-password/[REDACTED]"],
    ["/reset-password/Zx8_secretResetToken-1?_data=routes%2Freset-password.%24token", "/reset-password/[REDACTED]?_data=routes%2Freset-password.%24token"],
    ["/company/create-user/inviteTokenAbc123", "/company/create-user/[REDACTED]"],
    ["/signup/verify/verifyTokenAbc123", "/signup/verify/[REDACTED]"],
    ["/addons/link/0b5d8a8e-6a9e-4c1e-9d2a-0123456789ab", "/addons/link/[REDACTED]"],
    ["/link-to/google-ads?uuid=0b5d8a8e-6a9e-4c1e-9d2a-0123456789ab", "/link-to/google-ads?uuid=[REDACTED]"],
    ["/link-to/google-ads?linked=1&UUID=0b5d8a8e", "/link-to/google-ads?linked=1&UUID=[REDACTED]"],
    // The router matches case-insensitively and decodes: so does the redaction.
    ["/Reset-Password/Zx8_secretResetToken-1", "/Reset-Password/[REDACTED]"],
    ["//reset-password//Zx8_secretResetToken-1", "//reset-password//[REDACTED]"],
    ["/reset%2Dpassword/Zx8_secretResetToken-1", "/reset%2Dpassword/[REDACTED]"],
    ["/company/create-user/inviteTokenAbc123/", "/company/create-user/[REDACTED]/"],
    // OAuth returns carry a redeemable authorization code.
    ["/auth/google/callback?state=s1&code=4%2F0AeanS0a", "/auth/google/callback?state=s1&code=[REDACTED]"],
    ["/oauth2/authorize/twitter-ads/response?oauth_token=t1&oauth_verifier=v1", "/oauth2/authorize/twitter-ads/response?oauth_token=[REDACTED]&oauth_verifier=[REDACTED]"],
  ])("redacts %s", (raw, logged) => {
    expect(loggableUrl(raw)).toBe(logged);
  });
});
