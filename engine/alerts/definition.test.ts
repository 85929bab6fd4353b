import { describe, expect, it } from "vitest";
import { alertDefinitionSchema } from "./definition.js";

const request = { A: { accountId: "demo-001", platform: "demo", level: "CAMPAIGN", dataSourceId: 1, filters: [] } };
const metric = {
  title: "Spend spike",
  type: "metric",
  variables: [{ type: "metric", alertType: "threshold", alertValue: [{ operator: "sum", thresholdValue: "20", thresholdType: "above", metric: "cost", during: "yesterday" }], calculatedFields: [] }],
  requests: request,
};

const issues = (input: unknown) => {
  const r = alertDefinitionSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("alertDefinitionSchema (spec 1 §5)", () => {
  it("accepts a threshold alert, coerces numbers and sets pivot for metric and kpi", () => {
    const r = alertDefinitionSchema.parse(metric);
    expect(r.pivot).toBe(true);
    expect(r.variables[0]).toMatchObject({ alertValue: [{ thresholdValue: 20 }], breakdown: null });
    const pacing = alertDefinitionSchema.parse({ title: "Budget", type: "pacing", variables: [{ type: "pacing", period: "start_of_week", thresholds: { above: "100", below: "" } }], requests: request });
    expect(pacing.pivot).toBe(false);
    expect(pacing.variables[0]).toEqual({ type: "pacing", period: "start_of_week", metric: "cost", thresholds: { above: 100, below: undefined } });
  });

  it("rejects every invalid field with its message", () => {
    expect(issues({ ...metric, title: " " })).toEqual(["title: Please input a name for your alert"]);
    const bad = structuredClone(metric) as any;
    bad.variables[0].alertValue[0] = { operator: "median", thresholdValue: "-1", thresholdType: "over", metric: "", during: "2_days" };
    const found = issues(bad);
    expect(found).toHaveLength(5);
    expect(found).toContain("variables.0.alertValue.0.thresholdValue: The value must be greater than -1");
    expect(found).toContain("variables.0.alertValue.0.metric: Please select a metric");
    const trend = structuredClone(metric) as any;
    trend.variables[0] = { type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: "x", trendType: "above", metric: "cost", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [{ name: "", field: "" }] };
    expect(issues(trend)).toEqual(expect.arrayContaining(["variables.0.calculatedFields.0.name: Please input a name for the field", "variables.0.calculatedFields.0.field: Please input a formula"]));
    expect(issues({ ...metric, requests: { A: { accountId: "", platform: "demo", level: "", filters: [{ field: "", operator: "like", value: [""] }] } } })).toEqual(
      expect.arrayContaining([
        "requests.A.accountId: Please select an account",
        "requests.A.level: Please select a level",
        "requests.A.filters.0.field: Please select a field",
        "requests.A.filters.0.operator: Please select an operator",
        "requests.A.filters.0.value: Please input a value",
      ]),
    );
    expect(issues({ ...metric, requests: {} })).toEqual(["requests: Please select an account"]);
  });

  it("asks a kpi value only for equal and not_equal", () => {
    const kpi = (operator: string, value?: string) => ({ title: "Status", type: "kpi", variables: [{ type: "kpi", kpi: "campaign_status", operator, value }], requests: request });
    expect(issues(kpi("equal"))).toEqual(["variables.0.value: Please input a value"]);
    expect(issues(kpi("not_equal", "ENABLED"))).toEqual([]);
    expect(alertDefinitionSchema.parse(kpi("null", "ignored")).variables[0]).toMatchObject({ operator: "null", value: undefined });
  });

  it("needs a pacing amount, positive, with below not above above", () => {
    const pacing = (thresholds: object) => ({ title: "B", type: "pacing", variables: [{ type: "pacing", period: "every_day", thresholds }], requests: request });
    expect(issues(pacing({}))).toEqual(["variables.0.thresholds.above: Set an amount above or below"]);
    expect(issues(pacing({ above: "-5" }))).toEqual(["variables.0.thresholds.above: The amount must be positive"]);
    expect(issues(pacing({ above: 10, below: 20 }))).toEqual(["variables.0.thresholds.below: The lower amount must not exceed the upper amount"]);
  });

  it("refuses variables of another kind than the alert", () => {
    expect(issues({ ...metric, type: "pacing" })).toEqual(["variables.0: A pacing alert needs a pacing condition"]);
  });
});
