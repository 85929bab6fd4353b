// How the generic value generator (field-values.ts) fills a catalogue field, read from the
// field's own declaration: fakes of catalogue platforms (bing-ads, pinterest-ads, tik-tok, ...)
// answer any of hundreds of columns without a rule per column. Test-only.
import type { FieldDef } from "../../../engine/core/types.js";
import type { DimensionField, FieldValues, MetricField, Scope } from "./field-values.js";

/** A metric's generator kind: sums by their unit, averages and percentages as ratios, MAX as distinct counts. */
export function metricFieldOf(def: FieldDef, id = def.id): MetricField {
  if (def.aggregation === "SUM" || def.aggregation === "COUNT") {
    if (def.fieldType === "CURRENCY") return { id, kind: "amount" };
    return { id, kind: "count" };
  }
  if (def.aggregation === "MAX" || def.aggregation === "MIN" || def.aggregation === "COUNT_DISTINCT") return def.fieldType === "CURRENCY" ? { id, kind: "amount" } : { id, kind: "distinct" };
  // AVG, AUTO: a rate stays within [0, 1]; money per unit within [0, 50]; other averages within [0, 10].
  return { id, kind: "ratio", scale: def.fieldType === "PERCENT" ? 1 : def.fieldType === "CURRENCY" ? 50 : 10 };
}

/** A dimension's generator kind from its field type and id. */
export function dimensionFieldOf(def: FieldDef, values?: readonly string[], id = def.id): DimensionField {
  if (values && values.length > 0) return { id, kind: "enum", values };
  switch (def.fieldType) {
    case "URL":
    case "HYPERLINK":
    case "IMAGE":
    case "IMAGE_LINK":
      return { id, kind: "url" };
    case "YEAR_MONTH_DAY":
    case "DATE":
      return { id, kind: "date" };
    case "DATETIME":
      return { id, kind: "datetime" };
    case "BOOLEAN":
      return { id, kind: "boolean" };
    case "NUMBER":
    case "CURRENCY":
    case "PERCENT":
    case "HOUR":
      return { id, kind: "number" };
    default:
      return /(^|_)id$/.test(def.id) ? { id, kind: "id" } : { id, kind: "text" };
  }
}

/** A catalogue field's value over a scope (metrics) or for an entity key and day (dimensions), in the field's unit. */
export function generatedValue(gen: FieldValues, def: FieldDef, scope: Scope, key: string, name = def.id): number | string | boolean | null {
  if (def.type === "metric") return gen.metric(metricFieldOf(def, name), scope);
  return gen.dimension(dimensionFieldOf(def, undefined, name), key, scope.days[0]);
}
