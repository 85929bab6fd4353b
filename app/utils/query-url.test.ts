import { describe, expect, it } from "vitest";
import { DATE_PRESETS } from "../../engine/core/dates.js";
import { FILTER_TYPES as ENGINE_FILTER_TYPES } from "../../engine/core/types.js";
import { buildQueryParams, DATE_RANGES, FILTER_TYPES, parseQueryParams, validateDefinition, type QueryDefinitionJson } from "./query-url";

// The browser bundle keeps its own copies of these lists (the engine modules pull luxon and the
// error classes into the client); this test keeps them equal.
describe("lists shared with the engine", () => {
  it("has the engine's date presets and filter types", () => {
    expect([...DATE_RANGES]).toEqual([...DATE_PRESETS]);
    expect([...FILTER_TYPES]).toEqual([...ENGINE_FILTER_TYPES]);
  });
});

const def: QueryDefinitionJson = {
  format: "csv",
  source: "demo",
  accounts: [{ id: "demo-paris", authorization_id: 3 }],
  metrics: ["clicks"],
  dimensions: ["date", "campaign_name"],
  date: "CUSTOM",
  custom_date: { start: "2026-01-01", end: "2026-01-31" },
  filters: [{ field: "campaign_name", type: "contains", value: "brand" }, { field: "clicks", type: "is_not_empty" }],
  options: { report: "campaigns", combine_data: "true", extra: ["a", "b"] },
};

describe("query URL parameters", () => {
  it("parses what the builder builds", () => {
    const parsed = parseQueryParams(buildQueryParams(def, "sp_key"));
    expect(parsed).toEqual({
      ok: true,
      value: {
        format: "csv",
        apikey: "sp_key",
        platform: "demo",
        metrics: ["clicks"],
        dimensions: ["date", "campaign_name"],
        date: { preset: "CUSTOM", start: "2026-01-01", end: "2026-01-31" },
        accounts: [{ id: "demo-paris", authorizationId: 3 }],
        filters: [{ field: "campaign_name", type: "contains", value: "brand" }, { field: "clicks", type: "is_not_empty" }],
        options: { report: "campaigns", combine_data: "true", extra: ["a", "b"] },
      },
    });
  });

  it("validates with the spec's messages", () => {
    expect(validateDefinition({ ...def, metrics: [], dimensions: [] }).fields).toBe("You have to add at least one metric or dimension.");
    expect(validateDefinition({ ...def, custom_date: { start: "2026-01-01", end: null } }).end).toBe("End date is required when date is CUSTOM");
    expect(validateDefinition({ ...def, custom_date: { start: null, end: "2026-01-01" } }).start).toBe("Start date is required when date is CUSTOM");
    expect(validateDefinition({ ...def, accounts: [] }).accounts).toBe("You need to set at least one accounts.");
    expect(validateDefinition(def)).toEqual({});
  });
});
