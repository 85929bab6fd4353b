// The fakes' generic value generator (tests/fakes/support/field-values.ts): totals add up across
// hours, days, entities and breakdown members, and values are deterministic and typed.
import { describe, expect, it } from "vitest";
import { allocate, fieldValues, type MetricField } from "../fakes/support/field-values.js";

const gen = fieldValues("unit-test");
const days = ["2025-03-01", "2025-03-02", "2025-03-03"];
const clicks: MetricField = { id: "clicks", kind: "count" };
const cost: MetricField = { id: "cost", kind: "amount" };
const costMicros: MetricField = { id: "cost_micros", kind: "micros" };
const ctr: MetricField = { id: "ctr", kind: "ratio" };

describe("fieldValues", () => {
  it("is deterministic per seed and differs between seeds", () => {
    const scope = { entities: ["c1"], days };
    expect(gen.metric(clicks, scope)).toBe(fieldValues("unit-test").metric(clicks, scope));
    expect(gen.metric(clicks, scope)).not.toBe(fieldValues("other").metric(clicks, scope));
  });

  it("sums a day from its hours, a range from its days and an account from its entities", () => {
    for (const field of [clicks, cost, costMicros]) {
      const day = gen.metric(field, { entities: ["c1"], days: [days[0]] })!;
      const hours = Array.from({ length: 24 }, (_, h) => gen.metric(field, { entities: ["c1"], days: [days[0]], hours: [h] })!);
      expect(day).toBeCloseTo(hours.reduce((a, b) => a + b, 0), 6);
      const range = gen.metric(field, { entities: ["c1"], days })!;
      expect(range).toBeCloseTo(days.reduce((sum, d) => sum + gen.metric(field, { entities: ["c1"], days: [d] })!, 0), 6);
      const account = gen.metric(field, { entities: ["c1", "c2"], days })!;
      expect(account).toBeCloseTo(gen.metric(field, { entities: ["c1"], days })! + gen.metric(field, { entities: ["c2"], days })!, 6);
    }
  });

  it("splits by breakdown members that add up to the unbroken total, also two breakdowns deep", () => {
    const ages = ["18-24", "25-34", "35-44"];
    const genders = ["female", "male", "unknown"];
    const scope = { entities: ["c1", "c2"], days };
    const total = gen.metric(clicks, scope)!;
    const byAge = ages.map((member) => gen.metric(clicks, { ...scope, cell: [{ dimension: "age", members: ages, member }] })!);
    expect(byAge.reduce((a, b) => a + b, 0)).toBe(total);
    expect(new Set(byAge).size).toBeGreaterThan(1);
    let both = 0;
    for (const age of ages) for (const gender of genders) both += gen.metric(clicks, { ...scope, cell: [{ dimension: "age", members: ages, member: age }, { dimension: "gender", members: genders, member: gender }] })!;
    expect(both).toBe(total);
  });

  it("types values: integer counts, cents, integer micros, ratios within their scale", () => {
    const scope = { entities: ["c1"], days };
    expect(Number.isInteger(gen.metric(clicks, scope))).toBe(true);
    expect(Math.round(gen.metric(cost, scope)! * 100)).toBeCloseTo(gen.metric(cost, scope)! * 100, 6);
    expect(Number.isInteger(gen.metric(costMicros, scope))).toBe(true);
    const rate = gen.metric(ctr, scope)!;
    expect(rate).toBeGreaterThanOrEqual(0);
    expect(rate).toBeLessThanOrEqual(1);
    expect(gen.metric({ ...ctr, scale: 100 }, scope)).toBeCloseTo(rate * 100, 9);
    expect(gen.metric({ id: "reach", kind: "distinct" }, scope)).toBeLessThanOrEqual(gen.metric({ id: "reach", kind: "count" }, scope)!);
  });

  it("gives typed, stable dimension values", () => {
    expect(gen.dimension({ id: "campaign.status", kind: "enum", values: ["ENABLED", "PAUSED"] }, "c1")).toMatch(/^(ENABLED|PAUSED)$/);
    expect(gen.dimension({ id: "campaign.id", kind: "id" }, "c1")).toMatch(/^\d{10}$/);
    expect(typeof gen.dimension({ id: "x.flag", kind: "boolean" }, "c1")).toBe("boolean");
    expect(gen.dimension({ id: "x.day", kind: "date" }, "c1", "2025-03-02")).toBe("2025-03-02");
    expect(gen.dimension({ id: "x.start", kind: "date" }, "c1")).toMatch(/^2024-\d{2}-\d{2}$/);
    expect(gen.dimension({ id: "x.url", kind: "url" }, "c1")).toMatch(/^https:\/\//);
    expect(gen.dimension({ id: "ad_group.name", kind: "text" }, "c1")).toMatch(/^Ad group name \d$/);
    expect(gen.dimension({ id: "ad_group.name", kind: "text" }, "c1")).toBe(gen.dimension({ id: "ad_group.name", kind: "text" }, "c1"));
    expect(gen.members({ id: "age", kind: "enum", values: ["18-24", "25-34"] })).toEqual(["18-24", "25-34"]);
    expect(gen.members({ id: "region", kind: "text" }, 2)).toEqual(["Region 1", "Region 2"]);
  });

  it("allocates whole units exactly", () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(7, [5, 0, 2]).reduce((a, b) => a + b, 0)).toBe(7);
  });
});
