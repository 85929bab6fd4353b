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
        nocache: false,
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

describe("cross-platform query URLs (decision 0931)", () => {
  const base = { apikey: "sp_key", metrics: "spend", dimensions: "platform", date: "LAST_7_DAYS" };
  const parse = (params: Record<string, string>) => parseQueryParams(new URLSearchParams({ ...base, ...params }));

  it("reads every ads platform from cross-platform-ads or all, with or without accounts", () => {
    for (const platform of ["cross-platform-ads", "all", "ALL"]) {
      expect(parse({ platform })).toMatchObject({ ok: true, value: { platform: "cross-platform-ads", blended: { platforms: null }, accounts: [] } });
    }
    expect(parse({ platform: "all", accounts: '[{"id":"a","authorization_id":2}]' })).toMatchObject({ ok: true, value: { accounts: [{ id: "a", authorizationId: 2 }] } });
  });

  it("reads a comma-separated list of platforms as a cross-platform query over them", () => {
    expect(parse({ platform: "google-ads, facebook-ads,google-ads" })).toMatchObject({ ok: true, value: { platform: "cross-platform-ads", blended: { platforms: ["facebook-ads", "google-ads"] } } });
    // One platform is a single-platform query, which needs its accounts as always.
    expect(parse({ platform: "google-ads" })).toMatchObject({ ok: false, error: { parameter: "accounts" } });
  });

  it("refuses hostile platform lists", () => {
    expect(parse({ platform: "google-ads,../admin" })).toMatchObject({ ok: false, error: { status: 404, parameter: "platform" } });
    expect(parse({ platform: ",,," })).toMatchObject({ ok: false, error: { parameter: "platform" } });
    expect(parse({ platform: "cross-platform-ads,google-ads" })).toMatchObject({ ok: false, error: { status: 400, parameter: "platform" } });
    expect(parse({ platform: Array.from({ length: 51 }, (_, i) => `p${i}`).join(",") })).toMatchObject({ ok: false, error: { parameter: "platform" } });
  });

  it("builds what it parses", () => {
    const blended: QueryDefinitionJson = { ...def, source: "cross-platform-ads", platforms: ["demo", "reddit-ads"], accounts: [], metrics: ["spend"], dimensions: ["platform"], options: {} };
    const params = buildQueryParams(blended, "sp_key");
    expect(params.get("platform")).toBe("demo,reddit-ads");
    expect(params.has("accounts")).toBe(false);
    expect(parseQueryParams(params)).toMatchObject({ ok: true, value: { platform: "cross-platform-ads", blended: { platforms: ["demo", "reddit-ads"] }, accounts: [] } });
  });
});
