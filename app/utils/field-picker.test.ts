import { describe, expect, it } from "vitest";
import { groupByCategory, matchesSearch, type PickerField, searchTerm, withReasons, withUnknown } from "./field-picker";

const fields: PickerField[] = [
  { id: "impressions", name: "Impressions", category: "Metrics: performance", description: "Times the ad was shown." },
  { id: "search_impression_share", name: "Search impression share", category: "Metrics: competitive (impression share)" },
  { id: "device", name: "Device", type: "dimension" },
  { id: "clicks", name: "Clicks", category: "Metrics: performance" },
];

describe("field picker helpers", () => {
  it("matches every search word in the name, id, category or description", () => {
    expect(fields.filter((f) => matchesSearch(f, "impression share")).map((f) => f.id)).toEqual(["search_impression_share"]);
    expect(fields.filter((f) => matchesSearch(f, "SHOWN")).map((f) => f.id)).toEqual(["impressions"]);
    expect(fields.filter((f) => matchesSearch(f, "  ")).length).toBe(4);
  });

  it("groups by category in order of appearance, falling back to the field's kind", () => {
    expect(groupByCategory(fields).map((g) => [g.category, g.fields.map((f) => f.id)])).toEqual([
      ["Metrics: performance", ["impressions", "clicks"]],
      ["Metrics: competitive (impression share)", ["search_impression_share"]],
      ["Dimensions", ["device"]],
    ]);
  });

  it("puts the platform's reason on the refused fields and bounds the echoed search", () => {
    expect(withReasons(fields, [{ fieldId: "device", reason: "not with X" }]).find((f) => f.id === "device")?.reason).toBe("not with X");
    expect(searchTerm(`  ${"x".repeat(300)} `)).toHaveLength(100);
    expect(searchTerm(null)).toBe("");
  });

  it("keeps a selected field the list no longer offers, marked unknown, so an edit does not drop it", () => {
    expect(withUnknown(fields, ["clicks"])).toBe(fields);
    const listed = withUnknown(fields, ["clicks", "old_metric"]);
    expect(listed.map((f) => f.id)).toEqual(["impressions", "search_impression_share", "device", "clicks", "old_metric"]);
    expect(listed.at(-1)).toMatchObject({ name: "old_metric (unknown)", category: "Not offered any more" });
  });
});
