import { describe, expect, it } from "vitest";
import { sourceBadge, SOURCE_BADGE_TEXT } from "./source-status";

describe("sourceBadge (spec 2 §4)", () => {
  it("shows Success sync for SUCCESS under 10 errors", () => {
    expect(sourceBadge("SUCCESS", 0)).toEqual({ tone: "success", label: SOURCE_BADGE_TEXT.success });
    expect(sourceBadge("SUCCESS", 9).label).toBe("Success sync");
    expect(sourceBadge("SUCCESS", null).label).toBe("Success sync");
  });
  it("shows An error occurred for ERROR whatever the count", () => {
    expect(sourceBadge("ERROR", 0).label).toBe("An error occurred");
    expect(sourceBadge("ERROR", 50).label).toBe("An error occurred");
  });
  it("asks to refresh the connection for ACCOUNT_NOT_AVAILABLE or 10+ errors", () => {
    expect(sourceBadge("ACCOUNT_NOT_AVAILABLE", 0).label).toBe(SOURCE_BADGE_TEXT.accountNotAvailable);
    expect(sourceBadge("SUCCESS", 11).label).toBe(SOURCE_BADGE_TEXT.accountNotAvailable);
    expect(sourceBadge("SUCCESS", 10).tone).toBe("warning");
  });
});
