import { describe, expect, it } from "vitest";
import { dimension, metric, reportConfigField } from "./field-defs.js";

describe("field-defs", () => {
  it("builds dimensions without aggregation and metrics with one", () => {
    expect(dimension("date", "Date", "YEAR_MONTH_DAY", "Day.")).toEqual({
      id: "date",
      name: "Date",
      description: "Day.",
      type: "dimension",
      fieldType: "YEAR_MONTH_DAY",
      aggregation: "NONE",
    });
    expect(metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks.")).toMatchObject({ type: "metric", aggregation: "SUM" });
  });

  it("builds the report config field", () => {
    const field = reportConfigField([{ id: "a", name: "A" }, { id: "b", name: "B" }], "a");
    expect(field).toMatchObject({ id: "report", default: "a", type: "multiple", allowedMultiple: false });
    expect(field.values).toEqual([{ value: "a", label: "A" }, { value: "b", label: "B" }]);
  });
});
