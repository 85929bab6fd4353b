import { describe, expect, it } from "vitest";
import { pageNumbers, showingText } from "./pagination";

describe("pagination", () => {
  it("shows first, last and two around the current page, with ellipses", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(10, 20)).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]);
    expect(pageNumbers(2, 20)).toEqual([1, 2, 3, 4, "…", 20]);
    expect(pageNumbers(20, 20)).toEqual([1, "…", 18, 19, 20]);
  });
  it("says which results are shown", () => {
    expect(showingText(1, 100, 0)).toBe("Showing 0 to 0 of 0 results");
    expect(showingText(2, 100, 250)).toBe("Showing 101 to 200 of 250 results");
    expect(showingText(3, 100, 250)).toBe("Showing 201 to 250 of 250 results");
  });
});
