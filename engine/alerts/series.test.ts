import { describe, expect, it } from "vitest";
import { alertDefinitionSchema } from "./definition.js";
import { buildEntitySeries, matchesAlertFilters, planAlertReads, readFields } from "./series.js";

const now = new Date("2026-11-18T10:30:00Z");
const definition = alertDefinitionSchema.parse({
  title: "x",
  type: "metric",
  variables: [
    {
      type: "metric",
      alertType: "trend",
      alertValue: [{ operator: "sum", trendValue: 20, trendType: "above", metric: "cpa", duringTime1: "4_hour", duringTime2: "30_days" }],
      calculatedFields: [{ name: "cpa", field: "{cost} / {conversions}" }],
    },
  ],
  requests: { A: { accountId: "a", platform: "demo", level: "CAMPAIGN" } },
});

describe("planAlertReads", () => {
  it("reads the formula inputs daily and hourly over the windows' days", () => {
    const plan = planAlertReads(definition, { level: "CAMPAIGN" }, { timezone: "UTC", now });
    expect([...plan.metrics].sort()).toEqual(["conversions", "cost"]);
    expect(plan.daily).toEqual({ start: "2026-10-19", end: "2026-11-17" });
    // The hour window's chart shows the 48 hours before the current one.
    expect(plan.hourly).toEqual({ start: "2026-11-16", end: "2026-11-18" });
    expect(readFields(plan, "hourly")).toEqual(["campaign_id", "campaign_name", "date", "hour", "cost", "conversions"]);
  });
  it("reads configuration values for kpi alerts and the pacing period", () => {
    const kpi = planAlertReads({ variables: [{ type: "kpi", kpi: "campaign_status", operator: "null" }] }, { level: "CAMPAIGN" }, { timezone: "UTC", now });
    expect(kpi.config).toEqual({ fields: ["campaign_status"], range: { start: "2026-11-11", end: "2026-11-18" } });
    const pacing = planAlertReads({ variables: [{ type: "pacing", period: "start_of_week", metric: "cost", thresholds: { above: 1 } }] }, { level: "ACCOUNT" }, { timezone: "UTC", now });
    expect(pacing.daily).toEqual({ start: "2026-11-16", end: "2026-11-18" });
    expect(() => planAlertReads(definition, { level: "PRODUCT" }, { timezone: "UTC", now }) && readFields(planAlertReads(definition, { level: "PRODUCT" }, { timezone: "UTC", now }), "daily")).toThrow(/level "PRODUCT"/);
  });
});

describe("buildEntitySeries", () => {
  it("groups rows per entity and bucket, summing duplicates and applying filters", () => {
    const plan = { ...planAlertReads(definition, { level: "CAMPAIGN" }, { timezone: "UTC", now }), filters: [{ field: "campaign_name", operator: "not_contains" as const, value: ["brand"] }] };
    const series = buildEntitySeries(plan, {
      daily: [
        { date: "2026-11-17", campaign_id: "c1", campaign_name: "Generic", cost: 10, conversions: 1 },
        { date: "2026-11-17", campaign_id: "c1", campaign_name: "Generic", cost: 5, conversions: 1 },
        { date: "2026-11-17", campaign_id: "c2", campaign_name: "Brand", cost: 99, conversions: 1 },
      ],
      hourly: [{ date: "2026-11-18", hour: 9, campaign_id: "c1", campaign_name: "Generic", cost: 2, conversions: 0 }],
    });
    expect(series).toEqual([
      { identification: { campaign_id: "c1" }, identifierName: "Generic", daily: { "2026-11-17": { cost: 15, conversions: 2 } }, hourly: { "2026-11-18T09": { cost: 2, conversions: 0 } } },
    ]);
  });
  it("keeps the latest configuration row of each entity", () => {
    const plan = planAlertReads({ variables: [{ type: "kpi", kpi: "campaign_status", operator: "null" }] }, { level: "CAMPAIGN" }, { timezone: "UTC", now });
    const [e] = buildEntitySeries(plan, {
      config: [
        { date: "2026-11-18", campaign_id: "c1", campaign_name: "A", campaign_status: "PAUSED" },
        { date: "2026-11-12", campaign_id: "c1", campaign_name: "A", campaign_status: "ENABLED" },
      ],
    });
    expect(e.config).toEqual({ campaign_status: "PAUSED" });
  });
  it("matches filters on any or none of the values", () => {
    expect(matchesAlertFilters({ f: "Brand" }, [{ field: "f", operator: "equals", value: ["x", "brand"] }])).toBe(true);
    expect(matchesAlertFilters({ f: "Brand" }, [{ field: "f", operator: "not_equals", value: ["brand"] }])).toBe(false);
    expect(matchesAlertFilters({ f: "Brand search" }, [{ field: "f", operator: "contains", value: ["sea"] }])).toBe(true);
    expect(matchesAlertFilters({ f: null }, [{ field: "f", operator: "not_contains", value: ["a"] }])).toBe(true);
  });
});
