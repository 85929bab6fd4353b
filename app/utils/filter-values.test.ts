import { describe, expect, it } from "vitest";
import { splitLastEntry } from "./filter-values";

describe("splitLastEntry", () => {
  it("searches the whole text when there is one entry", () => {
    expect(splitLastEntry("  Bra ")).toEqual({ prefix: "", last: "Bra" });
  });

  it("keeps the earlier entries, normalised, and searches the last one", () => {
    expect(splitLastEntry("Brand - Search,Generic - Search , Perf")).toEqual({ prefix: "Brand - Search, Generic - Search, ", last: "Perf" });
  });

  it("drops empty entries and searches nothing after a trailing comma", () => {
    expect(splitLastEntry("Brand - Search, ,")).toEqual({ prefix: "Brand - Search, ", last: "" });
  });
});
