import { describe, expect, it } from "vitest";
import { alertDefinitionSchema } from "./definition.js";
import { evaluateEntity, type ConditionOutcome, type EntitySeries } from "./evaluate.js";
import { explainCondition, formatChange, formatValue, resultState, summarizeDefinition } from "./explain.js";

const now = new Date("2026-11-18T10:30:00Z");
const metrics = { clicks: { name: "Clicks", unit: "number" as const }, cost: { name: "Cost", unit: "currency" as const }, ctr: { name: "CTR", unit: "percent" as const }, conversions: { name: "Conversions", unit: "number" as const } };
const ctx = { timezone: "Europe/Paris", now, restatementDays: 3, metrics, currency: "EUR" };

function daily(values: Record<string, number>, yesterday: Record<string, number>): EntitySeries {
  const out: NonNullable<EntitySeries["daily"]> = {};
  for (let i = 1; i <= 40; i++) out[new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10)] = { ...values };
  out["2026-11-17"] = { ...values, ...yesterday };
  return { identification: { campaign_id: "c1" }, identifierName: "Brand", daily: out };
}

describe("formatValue and formatChange", () => {
  it("formats money in the account's currency, ratios as percents, counts with separators", () => {
    expect(formatValue(2055, undefined)).toBe("2,055");
    expect(formatValue(1234.5, "EUR")).toBe("€1,235");
    expect(formatValue(12.5, "GBP")).toBe("£12.50");
    expect(formatValue(0.0531, "%")).toBe("5.31 %");
    expect(formatValue(3, "XYZ")).toBe("XYZ\u00a03");
    expect(formatChange(99.3)).toBe("+99 %");
    expect(formatChange(-4.26)).toBe("\u22124.3 %");
  });
});

describe("explainCondition", () => {
  it("says a trend's value against its reference and condition", () => {
    const r = evaluateEntity(
      [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 10, trendType: "above", metric: "clicks", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [], breakdown: null }],
      daily({ clicks: 1000 }, { clicks: 2055 }),
      ctx,
    );
    // (6 × 1,000 + 2,055) / 7 = 1,151 a day.
    expect(explainCondition(r.conditions[0])).toBe("Clicks yesterday 2,055 vs 1,151/day average over the last 7 days (+79 %) > +10 %");
    expect(resultState(r)).toEqual({ label: "Anomaly", tone: "red", note: "Provisional until 21 Nov" });
  });

  it("says a threshold with money and a not-fired comparison", () => {
    const r = evaluateEntity(
      [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "sum", thresholdValue: 150, thresholdType: "above", metric: "cost", during: "yesterday" }], calculatedFields: [], breakdown: null }],
      daily({ cost: 100 }, { cost: 120.5 }),
      ctx,
    );
    expect(explainCondition(r.conditions[0])).toBe("Cost yesterday €120.50 \u2264 €150");
  });

  it("says configuration values and pacing projections", () => {
    const kpi: ConditionOutcome = { kind: "kpi", label: "x", fired: true, value: "PAUSED", stillChanging: false, metric: "campaign_status", metricName: "Campaign status", kpiOperator: "not_equal", expected: "ENABLED" };
    expect(explainCondition(kpi)).toBe("Campaign status PAUSED \u2260 ENABLED");
    const pacing: ConditionOutcome = { kind: "pacing", label: "x", fired: true, value: 16200, reference: 9800, stillChanging: true, metric: "cost", metricName: "Cost", unit: "EUR", period: "start_of_month", above: 15000 };
    expect(explainCondition(pacing)).toBe("Cost this month €9,800 so far, projected €16,200 > €15,000 budget");
  });

  it("reads results stored before they explained themselves", () => {
    expect(explainCondition({ kind: "trend", label: "sum(clicks) yesterday vs 7_days above 20%", fired: false, value: 85.634, stillChanging: true, heldBack: true })).toBe("sum(clicks) yesterday vs 7_days above 20%: 85.63");
    expect(resultState({ status: "OK", conditions: [{ kind: "trend", label: "x", fired: false, value: 1, stillChanging: true, heldBack: true }] }).note).toMatch(/^Held back/);
  });
});

describe("calculated fields", () => {
  it("are named as people read them, money when they divide money by counts", () => {
    const r = evaluateEntity(
      [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "avg", thresholdValue: 40, thresholdType: "above", metric: "cpa", during: "7_days" }], calculatedFields: [{ name: "cpa", field: "{cost} / {conversions}" }], breakdown: null }],
      daily({ cost: 100, conversions: 2 }, { cost: 100, conversions: 2 }),
      ctx,
    );
    expect(explainCondition(r.conditions[0])).toBe("Average CPA over the last 7 days €50 > €40");
  });
});

describe("summarizeDefinition", () => {
  it("writes the alert as one sentence with its level and filters", () => {
    const definition = alertDefinitionSchema.parse({
      title: "x",
      type: "metric",
      variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 20, trendType: "above", metric: "clicks", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [] }],
      requests: { A: { accountId: "a", platform: "demo", level: "CAMPAIGN", filters: [{ field: "campaign_name", operator: "contains", value: ["brand", "promo"] }] } },
    });
    const names: Record<string, string> = { clicks: "Clicks", campaign_name: "Campaign name" };
    expect(summarizeDefinition(definition, { name: (id) => names[id] ?? id })).toBe(
      "Alert when clicks yesterday rises more than 20 % against the last 7 days, for campaigns where Campaign name contains “brand” or “promo”.",
    );
  });
});
