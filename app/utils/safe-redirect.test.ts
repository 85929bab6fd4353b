import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./safe-redirect";

describe("safeRedirectTo", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirectTo("/data-connector/sources?x=1")).toBe("/data-connector/sources?x=1");
  });
  it("refuses other hosts and junk", () => {
    for (const bad of ["//evil.test", "/\\evil.test", "https://evil.test/", "javascript:alert(1)", "", null, undefined]) {
      expect(safeRedirectTo(bad as string)).toBe("/");
    }
  });
});
