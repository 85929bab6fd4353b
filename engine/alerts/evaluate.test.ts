import { describe, expect, it } from "vitest";
import type { MetricVariable, PacingVariable, ThresholdValue, TrendValue } from "./definition.js";
import { aggregate, compare, evaluateAlert, evaluateEntity, kpiFires, percentChange, trendFires, type EntitySeries, type EvaluationContext } from "./evaluate.js";

// Wednesday 18 November 2026, 11:30 in Paris.
const now = new Date("2026-11-18T10:30:00Z");
const ctx: EvaluationContext = { timezone: "Europe/Paris", now, restatementDays: 0 };

/** Daily values from 2026-10-01 to 2026-11-18: `base` every day, with overrides. */
function daily(base: Record<string, number>, overrides: Record<string, Record<string, number>> = {}): EntitySeries["daily"] {
  const out: NonNullable<EntitySeries["daily"]> = {};
  for (let d = new Date("2026-10-01T00:00:00Z"); d <= new Date("2026-11-18T00:00:00Z"); d = new Date(d.getTime() + 86_400_000)) {
    const key = d.toISOString().slice(0, 10);
    out[key] = { ...base, ...overrides[key] };
  }
  return out;
}

const entity = (d: EntitySeries["daily"], more: Partial<EntitySeries> = {}): EntitySeries => ({
  identification: { campaign_id: "c1" },
  identifierName: "Brand",
  daily: d,
  ...more,
});

const threshold = (cond: Partial<ThresholdValue>, calculatedFields: MetricVariable["calculatedFields"] = []): MetricVariable => ({
  type: "metric",
  alertType: "threshold",
  alertValue: [{ operator: "sum", thresholdValue: 100, thresholdType: "above", metric: "cost", during: "yesterday", ...cond }],
  calculatedFields,
  breakdown: null,
});
const trend = (cond: Partial<TrendValue>): MetricVariable => ({
  type: "metric",
  alertType: "trend",
  alertValue: [{ operator: "sum", trendValue: 20, trendType: "above", metric: "cost", duringTime1: "yesterday", duringTime2: "7_days", ...cond }],
  calculatedFields: [],
  breakdown: null,
});

describe("aggregate, compare, percentChange", () => {
  it("aggregates in time order and ignores missing values", () => {
    const v = [3, null, 9, 1, undefined, 5];
    expect(aggregate(v, "sum")).toBe(18);
    expect(aggregate(v, "avg")).toBe(4.5);
    expect(aggregate(v, "max")).toBe(9);
    expect(aggregate(v, "min")).toBe(1);
    expect(aggregate(v, "first")).toBe(3);
    expect(aggregate(v, "last")).toBe(5);
    expect(aggregate([null], "sum")).toBeNull();
  });
  it("compares above, below and equals (tolerating float noise)", () => {
    expect(compare(101, "above", 100)).toBe(true);
    expect(compare(100, "above", 100)).toBe(false);
    expect(compare(99, "below", 100)).toBe(true);
    expect(compare(0.1 + 0.2, "equals", 0.3)).toBe(true);
    expect(compare(0.31, "equals", 0.3)).toBe(false);
  });
  it("computes percent change, undefined against zero", () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(null, 10)).toBeNull();
  });
  it("fires trends by direction", () => {
    expect(trendFires(25, "above", 20)).toBe(true);
    expect(trendFires(15, "above", 20)).toBe(false);
    expect(trendFires(-25, "below", 20)).toBe(true);
    expect(trendFires(25, "below", 20)).toBe(false);
    expect(trendFires(-20.04, "equals", 20)).toBe(true);
    expect(trendFires(null, "above", 0)).toBe(false);
  });
});

describe("threshold alerts", () => {
  it("fires when yesterday's sum is above the threshold", () => {
    const series = daily({ cost: 50 }, { "2026-11-17": { cost: 150 } });
    const r = evaluateEntity([threshold({})], entity(series), ctx);
    expect(r.status).toBe("ANOMALY");
    expect(r.conditions[0]).toMatchObject({ kind: "threshold", fired: true, value: 150, stillChanging: false });
    expect(r.series?.cost.at(-1)).toEqual({ time: "2026-11-17", value: 150, anomaly: true });
    expect(evaluateEntity([threshold({ thresholdValue: 150 })], entity(series), ctx).status).toBe("OK");
  });

  it("applies every aggregation over the 7-day window", () => {
    const series = daily({ cost: 10 }, { "2026-11-11": { cost: 1 }, "2026-11-14": { cost: 40 }, "2026-11-17": { cost: 7 } });
    const value = (operator: ThresholdValue["operator"]) => evaluateEntity([threshold({ operator, during: "7_days" })], entity(series), ctx).conditions[0].value;
    expect(value("sum")).toBe(1 + 10 + 10 + 40 + 10 + 10 + 7);
    expect(value("avg")).toBeCloseTo(88 / 7);
    expect(value("max")).toBe(40);
    expect(value("min")).toBe(1);
    expect(value("first")).toBe(1);
    expect(value("last")).toBe(7);
  });

  it("reads hour windows from the hourly series", () => {
    const hourly = { "2026-11-18T07": { clicks: 2 }, "2026-11-18T08": { clicks: 3 }, "2026-11-18T09": { clicks: 4 }, "2026-11-18T10": { clicks: 50 }, "2026-11-18T06": { clicks: 1000 } };
    const r = evaluateEntity([threshold({ metric: "clicks", during: "4_hour", thresholdValue: 50 })], entity(undefined, { hourly }), ctx);
    expect(r.conditions[0].value).toBe(59);
    expect(r.status).toBe("ANOMALY");
    expect(r.stillChanging).toBe(true);
  });

  it("computes calculated fields from window sums for sum and avg, per bucket for the others", () => {
    const series = daily({ cost: 10, conversions: 1 }, { "2026-11-16": { cost: 90, conversions: 1 }, "2026-11-17": { cost: 0, conversions: 8 } });
    const cpa = [{ name: "cpa", field: "{cost} / {conversions}" }];
    const sum = evaluateEntity([threshold({ metric: "cpa", during: "7_days", thresholdValue: 10 }, cpa)], entity(series), ctx).conditions[0];
    // (5*10 + 90 + 0) / (5 + 1 + 8) = 10
    expect(sum.value).toBeCloseTo(10);
    expect(sum.fired).toBe(false);
    const max = evaluateEntity([threshold({ operator: "max", metric: "cpa", during: "7_days", thresholdValue: 80 }, cpa)], entity(series), ctx).conditions[0];
    expect(max.value).toBe(90);
    expect(max.fired).toBe(true);
  });

  it("answers NO_DATA when nothing was read in the window", () => {
    const r = evaluateEntity([threshold({})], entity({ "2026-10-01": { cost: 500 } }), ctx);
    expect(r.status).toBe("NO_DATA");
    expect(r.conditions[0].value).toBeNull();
  });

  it("is an anomaly when any condition fires", () => {
    const variable = threshold({});
    (variable.alertValue as ThresholdValue[]).push({ operator: "sum", thresholdValue: 1, thresholdType: "below", metric: "clicks", during: "yesterday" });
    const r = evaluateEntity([variable], entity(daily({ cost: 10, clicks: 0 })), ctx);
    expect(r.conditions.map((c) => c.fired)).toEqual([false, true]);
    expect(r.status).toBe("ANOMALY");
  });
});

describe("trend alerts", () => {
  it("compares sums of windows of different lengths as daily rates", () => {
    // 7 days at 100 a day, yesterday 130: +30% against the average day.
    const series = daily({ cost: 100 }, { "2026-11-17": { cost: 130 } });
    const r = evaluateEntity([trend({})], entity(series), ctx).conditions[0];
    // The 7 days include yesterday: (6*100+130)/7 = 104.29 per day.
    expect(r.change).toBeCloseTo((130 / (730 / 7) - 1) * 100, 6);
    expect(r.fired).toBe(true);
    expect(evaluateEntity([trend({ trendValue: 30 })], entity(series), ctx).conditions[0].fired).toBe(false);
  });

  it("fires below on a drop and never against a zero reference", () => {
    const drop = daily({ clicks: 100 }, { "2026-11-17": { clicks: 40 } });
    expect(evaluateEntity([trend({ metric: "clicks", trendType: "below", trendValue: 50 })], entity(drop), ctx).status).toBe("ANOMALY");
    expect(evaluateEntity([trend({ metric: "clicks", trendType: "above" })], entity(drop), ctx).status).toBe("OK");
    const zero = daily({ clicks: 0 }, { "2026-11-17": { clicks: 40 } });
    const r = evaluateEntity([trend({ metric: "clicks", duringTime2: "last_month" })], entity(zero), ctx).conditions[0];
    expect(r.change).toBeNull();
    expect(r.fired).toBe(false);
  });

  it("compares averages without rescaling", () => {
    const series = daily({ ctr: 0.05 }, { "2026-11-17": { ctr: 0.02 } });
    const r = evaluateEntity([trend({ operator: "avg", metric: "ctr", trendType: "below", trendValue: 50, duringTime2: "last_month" })], entity(series), ctx).conditions[0];
    expect(r.change).toBeCloseTo(-60);
    expect(r.fired).toBe(true);
  });

  it("judges still-changing days: the verdict is provisional until they settle", () => {
    // Yesterday is inside a 3-day restatement window: the drop fires, marked provisional.
    const drop = daily({ conversions: 100 }, { "2026-11-17": { conversions: 10 } });
    const restating = { ...ctx, restatementDays: 3 };
    const r = evaluateEntity([trend({ metric: "conversions", trendType: "below", trendValue: 50 })], entity(drop), restating);
    expect(r.status).toBe("ANOMALY");
    expect(r.provisional).toBe(true);
    // The 7 days reach back to the 11th; the last still-changing day judged is the 17th: final on the 21st.
    expect(r.settlesOn).toBe("2026-11-21");
    expect(r.conditions[0]).toMatchObject({ fired: true, provisional: true, settlesOn: "2026-11-21", stillChanging: true });
    expect(r.conditions[0].heldBack).toBeUndefined();
    // Settled days only: not provisional.
    const settled = evaluateEntity([trend({ metric: "conversions", trendType: "below", trendValue: 50 })], entity(drop), ctx);
    expect(settled.status).toBe("ANOMALY");
    expect(settled.provisional).toBeUndefined();
  });

  it("compares like with like through the days as reported at the same age", () => {
    // Conversions arrive late: yesterday (1 day old) reads 75 of a final 100; every earlier day read
    // 75 too when it was 1 day old (the snapshots). Against the final days it looks like a 22 % drop.
    const asRead = daily({ conversions: 100 }, { "2026-11-17": { conversions: 75 }, "2026-11-16": { conversions: 88 }, "2026-11-15": { conversions: 96 } });
    const snapshots = daily({ conversions: 75 })!;
    const restating = { ...ctx, restatementDays: 3 };
    const drop = trend({ metric: "conversions", trendType: "below", trendValue: 20 });
    const naive = evaluateEntity([drop], entity(asRead), restating);
    expect(naive.status).toBe("ANOMALY");
    const same = evaluateEntity([drop], entity(asRead, { atAge: { age: 1, daily: snapshots } }), restating);
    expect(same.status).toBe("OK");
    expect(same.conditions[0]).toMatchObject({ comparedAtAge: 1, change: 0, provisional: true });
    // A real drop still fires at the same age.
    const real = evaluateEntity([drop], entity({ ...asRead, "2026-11-17": { conversions: 30 } }, { atAge: { age: 1, daily: snapshots } }), restating);
    expect(real.status).toBe("ANOMALY");
    expect(real.conditions[0].comparedAtAge).toBe(1);
  });

  it("compares the days as read while snapshots cover less than half of the reference", () => {
    const asRead = daily({ conversions: 100 }, { "2026-11-17": { conversions: 75 } });
    const restating = { ...ctx, restatementDays: 3 };
    const few = { "2026-11-16": { conversions: 75 }, "2026-11-15": { conversions: 75 } };
    const r = evaluateEntity([trend({ metric: "conversions", trendType: "below", trendValue: 20 })], entity(asRead, { atAge: { age: 1, daily: few } }), restating);
    expect(r.conditions[0].comparedAtAge).toBeUndefined();
    const enough = { ...few, "2026-11-14": { conversions: 75 }, "2026-11-13": { conversions: 75 } };
    expect(evaluateEntity([trend({ metric: "conversions", trendType: "below", trendValue: 20 })], entity(asRead, { atAge: { age: 1, daily: enough } }), restating).conditions[0].comparedAtAge).toBe(1);
  });

  it("keeps decision 0500's hold-back rule for the measurements", () => {
    const drop = daily({ conversions: 100 }, { "2026-11-17": { conversions: 10 } });
    const held = evaluateEntity([trend({ metric: "conversions", trendType: "below", trendValue: 50 })], entity(drop), { ...ctx, restatementDays: 3, rule: "hold-back" });
    expect(held.status).toBe("OK");
    expect(held.conditions[0]).toMatchObject({ fired: false, heldBack: true });
    // A spike on settled days of window 1 still fires under it.
    const overrides: Record<string, Record<string, number>> = {};
    for (const d of ["2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14"]) overrides[d] = { cost: 300 };
    const r = evaluateEntity([trend({ duringTime1: "7_days", duringTime2: "30_days", trendValue: 50 })], entity(daily({ cost: 100 }, overrides)), { ...ctx, restatementDays: 3, rule: "hold-back" });
    expect(r.status).toBe("ANOMALY");
  });

  it("says what it compared: per-day rates, units, and the lines to draw", () => {
    const series = daily({ clicks: 100 }, { "2026-11-17": { clicks: 200 } });
    const r = evaluateEntity([trend({ metric: "clicks", trendValue: 10 })], entity(series), { ...ctx, metrics: { clicks: { name: "Clicks", unit: "number" } } });
    expect(r.conditions[0]).toMatchObject({ value: 200, reference: 800 / 7, per: "day", metricName: "Clicks", during: "yesterday", during2: "7_days", comparison: "above", target: 10 });
    expect(r.guides).toEqual([
      { kind: "reference", value: 800 / 7 },
      { kind: "trigger", value: (800 / 7) * 1.1 },
    ]);
    // The chart shows yesterday against the 14 days before it, the anomaly on yesterday.
    expect(r.series?.clicks).toHaveLength(14);
    expect(r.series?.clicks.at(-1)).toEqual({ time: "2026-11-17", value: 200, anomaly: true });
    const cost = evaluateEntity([threshold({})], entity(daily({ cost: 50 })), { ...ctx, metrics: { cost: { name: "Cost", unit: "currency" } }, currency: "EUR" });
    expect(cost.conditions[0]).toMatchObject({ unit: "EUR", metricName: "Cost" });
    expect(cost.guides).toEqual([{ kind: "threshold", value: 100 }]);
  });
});

describe("kpi alerts", () => {
  it("checks configuration values with null, not_null, equal and not_equal", () => {
    expect(kpiFires({ operator: "null" }, null)).toBe(true);
    expect(kpiFires({ operator: "null" }, "")).toBe(true);
    expect(kpiFires({ operator: "null" }, 0)).toBe(false);
    expect(kpiFires({ operator: "not_null" }, "x")).toBe(true);
    expect(kpiFires({ operator: "not_null" }, undefined)).toBe(false);
    expect(kpiFires({ operator: "equal", value: "paused" }, "PAUSED")).toBe(true);
    expect(kpiFires({ operator: "equal", value: "50" }, 50)).toBe(true);
    expect(kpiFires({ operator: "not_equal", value: "ENABLED" }, "PAUSED")).toBe(true);
    expect(kpiFires({ operator: "not_equal", value: "ENABLED" }, "ENABLED")).toBe(false);
  });
  it("evaluates each entity's configuration", () => {
    const variable = { type: "kpi" as const, kpi: "campaign_status", operator: "not_equal" as const, value: "ENABLED" };
    const results = evaluateAlert({ variables: [variable] }, [
      { identification: { campaign_id: "a" }, identifierName: "A", config: { campaign_status: "ENABLED" } },
      { identification: { campaign_id: "b" }, identifierName: "B", config: { campaign_status: "PAUSED" } },
    ], ctx);
    expect(results.map((r) => [r.identifierName, r.status, r.conditions[0].value])).toEqual([
      ["A", "OK", "ENABLED"],
      ["B", "ANOMALY", "PAUSED"],
    ]);
  });
});

describe("pacing alerts", () => {
  const pacing = (period: PacingVariable["period"], thresholds: PacingVariable["thresholds"]): PacingVariable => ({ type: "pacing", period, metric: "cost", thresholds });

  it("projects month-to-date spend linearly and fires above the budget", () => {
    // 1-18 November at 100 a day (the 18th counts as a full day of data so far at 11:30).
    const series = daily({ cost: 100 });
    const r = evaluateEntity([pacing("start_of_month", { above: 3000 })], entity(series), ctx);
    const fraction = (17 * 24 + 11.5) / (30 * 24);
    expect(r.conditions[0].reference).toBe(1800);
    expect(r.conditions[0].value).toBeCloseTo(1800 / fraction, 1);
    expect(r.status).toBe("ANOMALY");
    expect(r.pacing?.cumulative).toHaveLength(18);
    expect(r.pacing?.cumulative.at(-1)).toMatchObject({ time: "2026-11-18", value: 1800, anomaly: true });
    expect(r.pacing?.projected).toHaveLength(30);
    expect(r.pacing?.projected.at(-1)?.value).toBeCloseTo(1800 / fraction, 1);
    expect(evaluateEntity([pacing("start_of_month", { above: 4000 })], entity(series), ctx).status).toBe("OK");
  });

  it("uses Monday weeks and fires below", () => {
    const series = daily({ cost: 10 });
    const r = evaluateEntity([pacing("start_of_week", { below: 500 })], entity(series), ctx);
    // Monday 16 to Wednesday 18: 30 spent over 2 days 11.5 hours of 7 days.
    expect(r.conditions[0].reference).toBe(30);
    expect(r.conditions[0].value).toBeCloseTo(30 / ((2 * 24 + 11.5) / (7 * 24)), 1);
    expect(r.status).toBe("ANOMALY");
    expect(evaluateEntity([pacing("start_of_week", { below: 50, above: 500 })], entity(series), ctx).status).toBe("OK");
  });

  it("paces every day against the hours gone", () => {
    const r = evaluateEntity([pacing("every_day", { above: 200 })], entity({ "2026-11-18": { cost: 100 } }), ctx);
    expect(r.conditions[0].value).toBeCloseTo(100 / (11.5 / 24), 1);
    expect(r.status).toBe("ANOMALY");
    expect(evaluateEntity([pacing("every_day", { above: 200 })], entity({}), ctx).status).toBe("NO_DATA");
  });
});
