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
  });
});
