import { describe, expect, it } from "vitest";
import type { Row } from "../core/types.js";
import { distinctValues, matchSuggestions } from "./filter-values.js";

describe("distinctValues", () => {
  it("keeps each non-empty value once, as text, sorted case-insensitively", () => {
    const rows: Row[] = [
      { campaign_name: "Brand - Search", cost: 1 },
      { campaign_name: "Generic - Search", cost: 2 },
      { campaign_name: "brand - search", cost: 3 },
      { campaign_name: "Brand - Search", cost: 4 },
      { campaign_name: null, cost: 5 },
      { campaign_name: "  ", cost: 6 },
      { campaign_name: 42, cost: 7 },
      { cost: 8 },
    ];
    expect(distinctValues(rows, "campaign_name")).toEqual(["42", "Brand - Search", "brand - search", "Generic - Search"]);
  });

  it("stops at the cap", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ ad_id: `ad-${i}` }));
    expect(distinctValues(rows, "ad_id", 10)).toHaveLength(10);
  });
});

describe("matchSuggestions", () => {
  const values = ["Brand - Search", "Competitors - Search", "Generic - Search", "Performance Max", "Search partners"];

  it("puts values starting with the search before values containing it", () => {
    expect(matchSuggestions(values, "search")).toEqual(["Search partners", "Brand - Search", "Competitors - Search", "Generic - Search"]);
  });

  it("ignores case and surrounding spaces, and limits the answer", () => {
    expect(matchSuggestions(values, "  PERF ")).toEqual(["Performance Max"]);
    expect(matchSuggestions(values, "e", 2)).toHaveLength(2);
  });

  it("lists the first values for an empty search and nothing for no match", () => {
    expect(matchSuggestions(values, "", 3)).toEqual(values.slice(0, 3));
    expect(matchSuggestions(values, "shopping")).toEqual([]);
  });
});
