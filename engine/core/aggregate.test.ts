import { describe, expect, it } from "vitest";
import { aggregateSpecFor, aggregatorForRead, ratio, RowAggregator } from "./aggregate.js";
import type { FieldDef } from "./types.js";

const field = (id: string, type: FieldDef["type"], aggregation: FieldDef["aggregation"]): FieldDef => ({
  id,
  name: id,
  description: id,
  type,
  fieldType: type === "metric" ? "NUMBER" : "TEXT",
  aggregation,
});

const declared: FieldDef[] = [
  field("date", "dimension", "NONE"),
  field("status", "dimension", "NONE"),
  field("orders", "metric", "COUNT_DISTINCT"),
  field("sales", "metric", "SUM"),
  field("lines", "metric", "COUNT"),
  field("biggest", "metric", "MAX"),
  field("average_order_value", "metric", "AVG"),
];

describe("RowAggregator", () => {
  it("groups by the requested dimensions only, sums, counts and derives", () => {
    const spec = aggregateSpecFor(declared, ["date", "orders", "sales", "lines", "biggest", "average_order_value"], {
      derived: { average_order_value: (g) => ratio(g.sales, g.orders) },
    });
    expect(spec.dimensions).toEqual(["date"]);
    const agg = new RowAggregator(spec);
    agg.add({ date: "2025-01-01", status: "paid", orders: "o1", sales: "0.1", lines: 1, biggest: 0.1 });
    agg.add({ date: "2025-01-01", status: "refunded", orders: "o1", sales: "0.2", lines: 1, biggest: 0.2 });
    agg.add({ date: "2025-01-01", status: "paid", orders: "o2", sales: 10, lines: null, biggest: 10 });
    agg.add({ date: "2025-01-02", status: "paid", orders: "o3", sales: "bad", lines: 1, biggest: null });
    expect(agg.size).toBe(2);
    expect([...agg.rows()]).toEqual([
      { date: "2025-01-01", orders: 2, sales: 10.3, lines: 2, biggest: 10, average_order_value: 5.15 },
      { date: "2025-01-02", orders: 1, sales: null, lines: 1, biggest: null, average_order_value: 0 },
    ]);
    expect(agg.size).toBe(0);
  });

  it("leaves a sum unknown (null), not 0, when no record of the group carried the metric", () => {
    const agg = new RowAggregator(aggregateSpecFor(declared, ["date", "sales", "lines"]));
    agg.add({ date: "a", lines: 1 });
    agg.add({ date: "a", sales: null, lines: 1 });
    agg.add({ date: "b", sales: 0, lines: null });
    expect([...agg.rows()]).toEqual([
      { date: "a", sales: null, lines: 2 },
      { date: "b", sales: 0, lines: 0 },
    ]);
  });

  it("makes one row of everything when no dimension is requested, in the requested column order", () => {
    const agg = new RowAggregator(aggregateSpecFor(declared, ["sales", "orders"]));
    agg.add({ date: "a", orders: "x", sales: 1 });
    agg.add({ date: "b", orders: "y", sales: 2 });
    const rows = [...agg.rows()];
    expect(rows).toEqual([{ sales: 3, orders: 2 }]);
    expect(Object.keys(rows[0])).toEqual(["sales", "orders"]);
  });

  it("groups by extra dimensions without outputting them (hourly reads)", () => {
    const agg = new RowAggregator(aggregateSpecFor(declared, ["status", "sales"], { groupAlso: ["date"] }));
    agg.add({ date: "a", status: "paid", sales: 1 });
    agg.add({ date: "b", status: "paid", sales: 2 });
    expect([...agg.rows()]).toEqual([{ status: "paid", sales: 1 }, { status: "paid", sales: 2 }]);
  });

  it("filters records on dimensions (even unselected ones) and rows on metrics", () => {
    const agg = new RowAggregator(
      aggregateSpecFor(declared, ["date", "sales"], {
        filters: [
          { field: "status", type: "equals", value: "paid" },
          { field: "sales", type: "greater_than", value: 2 },
        ],
      }),
    );
    agg.add({ date: "a", status: "paid", sales: 5 });
    agg.add({ date: "a", status: "refunded", sales: 100 });
    agg.add({ date: "b", status: "paid", sales: 1 });
    expect([...agg.rows()]).toEqual([{ date: "a", sales: 5 }]);
  });

  it("builds a read's aggregator: hourly reads group by date and hour, filters apply", () => {
    const declaredWithHour = [...declared, field("hour", "dimension", "NONE")];
    const agg = aggregatorForRead(declaredWithHour, { fields: ["sales"], granularity: "hour", filters: [{ field: "status", type: "equals", value: "paid" }] });
    agg.add({ date: "a", hour: 1, status: "paid", sales: 1 });
    agg.add({ date: "a", hour: 1, status: "paid", sales: 2 });
    agg.add({ date: "a", hour: 2, status: "paid", sales: 4 });
    agg.add({ date: "a", hour: 2, status: "void", sales: 8 });
    expect([...agg.rows()]).toEqual([{ sales: 3 }, { sales: 4 }]);
  });

  it("hands back finished dates early when records arrive in date order", () => {
    const agg = new RowAggregator(aggregateSpecFor(declared, ["date", "status", "sales"]));
    const out: unknown[] = [];
    for (const record of [
      { date: "a", status: "paid", sales: 1 },
      { date: "a", status: "void", sales: 2 },
      { date: "b", status: "paid", sales: 3 },
      { date: "c", status: "paid", sales: 4 },
    ]) {
      out.push(...agg.addInOrder(record));
      if (record.date === "b") expect(agg.size).toBe(1);
    }
    out.push(...agg.rows());
    expect(out).toEqual([
      { date: "a", status: "paid", sales: 1 },
      { date: "a", status: "void", sales: 2 },
      { date: "b", status: "paid", sales: 3 },
      { date: "c", status: "paid", sales: 4 },
    ]);
    expect(agg.size).toBe(0);
    const totals = new RowAggregator(aggregateSpecFor(declared, ["sales"]));
    totals.add({ date: "a", sales: 1 });
    expect([...totals.advanceTo("date", "b")]).toEqual([]);
    totals.add({ date: "b", sales: 2 });
    expect([...totals.rows()]).toEqual([{ sales: 3 }]);
  });

  it("yields nothing without records", () => {
    expect([...new RowAggregator(aggregateSpecFor(declared, ["date", "sales"])).rows()]).toEqual([]);
  });
});

describe("ratio", () => {
  it("rounds and guards against zero", () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(1, 3, 4)).toBe(0.3333);
    expect(ratio(5, 0)).toBe(0);
    expect(ratio(null, 2)).toBe(0);
  });
});
