import { describe, expect, it } from "vitest";
import { decodeStoredResult, encodeStoredResult } from "./alert-result-codec.js";

const result = {
  identification: { campaign_id: "c1" },
  identifierName: "Campaign 1",
  status: "ANOMALY",
  stillChanging: true,
  conditions: [{ kind: "threshold", label: "Sum of cost", fired: true, value: 12.5, stillChanging: true }],
  series: {
    cost: [
      { time: "2026-11-10", value: 1.5 },
      { time: "2026-11-11", value: null },
      { time: "2026-11-12", value: 7, anomaly: true },
    ],
    clicks: [
      { time: "2026-11-12 09:00", value: 3, anomaly: false },
      { time: "2026-11-12 10:00", value: 0 },
    ],
    empty: [],
  },
  pacing: { cumulative: [{ time: "2026-11-01", value: 1, anomaly: false }], projected: [{ time: "2026-11-30", value: 30 }], above: 40 },
};

describe("alert result storage", () => {
  it("gives back exactly the engine's result, anomaly flags and nulls included", () => {
    expect(decodeStoredResult(encodeStoredResult(result))).toStrictEqual(result);
  });

  it("stores series as columns, in fewer bytes than point objects", () => {
    const stored = JSON.parse(encodeStoredResult(result));
    expect(stored.series.cost).toEqual({ d: ["2026-11-10", 3], v: [1.5, null, 7], a: [[2, true]] });
    expect(stored.series.clicks.a).toEqual([[0, false]]);
    expect(stored.pacing).toEqual(result.pacing);
    const long = { series: { cost: Array.from({ length: 30 }, (_, i) => ({ time: `2026-10-${String(i + 1).padStart(2, "0")}`, value: 1000 + i * 13.25 })) } };
    expect(encodeStoredResult(long).length).toBeLessThan(JSON.stringify(long).length * 0.4);
  });

  it("keeps the times of an axis that is not a run of consecutive days", () => {
    const gaps = { series: { cost: [{ time: "2026-11-10", value: 1 }, { time: "2026-11-12", value: 2 }] } };
    const months = { series: { cost: [{ time: "2026-02-28", value: 1 }, { time: "2026-03-01", value: 2 }, { time: "2026-03-02", value: 3 }] } };
    const hours = { series: { cost: [{ time: "2026-11-12T09", value: 1 }, { time: "2026-11-12T10", value: 2 }] } };
    expect(JSON.parse(encodeStoredResult(gaps)).series.cost.t).toEqual(["2026-11-10", "2026-11-12"]);
    expect(JSON.parse(encodeStoredResult(months)).series.cost.d).toEqual(["2026-02-28", 3]);
    expect(JSON.parse(encodeStoredResult(hours)).series.cost.t).toEqual(["2026-11-12T09", "2026-11-12T10"]);
    const unreal = { series: { cost: [{ time: "2026-02-30", value: 1 }, { time: "2026-03-03", value: 2 }] } };
    expect(JSON.parse(encodeStoredResult(unreal)).series.cost.t).toEqual(["2026-02-30", "2026-03-03"]);
    for (const r of [gaps, months, hours, unreal]) expect(decodeStoredResult(encodeStoredResult(r))).toStrictEqual(r);
  });

  it("reads rows stored before the change (point objects) and results without a chart unchanged", () => {
    expect(decodeStoredResult(JSON.stringify(result))).toStrictEqual(result);
    const noChart = { conditions: [], status: "OK" };
    expect(decodeStoredResult(encodeStoredResult(noChart))).toStrictEqual(noChart);
  });

  it("leaves a series with points of another shape as it is", () => {
    const odd = { series: { cost: [{ time: "2026-11-10", value: 1, extra: "x" }] } };
    expect(JSON.parse(encodeStoredResult(odd))).toStrictEqual(odd);
    expect(decodeStoredResult(encodeStoredResult(odd))).toStrictEqual(odd);
  });
});
