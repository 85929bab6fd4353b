import { describe, expect, it } from "vitest";
import { usageColour } from "./usage.server";

describe("usage bar colour (spec 2 §4)", () => {
  it.each([
    [0, 10, "grey"],
    [7, 10, "green"],
    [8, 10, "yellow"],
    [98, 100, "yellow"],
    [99, 100, "red"],
    [12, 10, "red"],
  ] as const)("%i of %i is %s", (used, cap, colour) => {
    expect(usageColour({ used, cap, trialOver: false })).toBe(colour);
  });
  it("is red once the trial is over and grey/green when unlimited", () => {
    expect(usageColour({ used: 0, cap: 10, trialOver: true })).toBe("red");
    expect(usageColour({ used: 0, cap: null, trialOver: false })).toBe("grey");
    expect(usageColour({ used: 4, cap: null, trialOver: false })).toBe("green");
  });
});
