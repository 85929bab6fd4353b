// Filter semantics of spec 2 §5, applied to rows after extraction. Connectors may push filters
// down to the platform; applying them again here is harmless and keeps results identical for
// platforms that cannot.
import { InvalidRequestError } from "./errors.js";
import { FILTER_TYPES, type CellValue, type Filter, type Row } from "./types.js";

function asNumber(value: CellValue | string | number | undefined): number | undefined {
  if (value === null || value === undefined || value === "" || typeof value === "boolean") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function asText(value: CellValue | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}

export function validateFilters(filters: readonly Filter[]): void {
  for (const filter of filters) {
    if (!(FILTER_TYPES as readonly string[]).includes(filter.type)) {
      throw new InvalidRequestError(`Unknown filter type "${filter.type}" on ${filter.field}. Use one of ${FILTER_TYPES.join(", ")}.`);
    }
    if (filter.type !== "is_not_empty" && (filter.value === undefined || filter.value === "")) {
      throw new InvalidRequestError(`The ${filter.type} filter on ${filter.field} needs a value.`);
    }
    if ((filter.type === "lower_than" || filter.type === "greater_than") && asNumber(filter.value) === undefined) {
      throw new InvalidRequestError(`The ${filter.type} filter on ${filter.field} needs a number, got "${filter.value}".`);
    }
  }
}

/** True when the row passes one filter. Text comparisons ignore case, as marketers expect. */
export function matchesFilter(row: Row, filter: Filter): boolean {
  const cell = row[filter.field];
  switch (filter.type) {
    case "is_not_empty":
      return cell !== null && cell !== undefined && cell !== "";
    case "equals": {
      const n = asNumber(cell);
      const v = asNumber(filter.value);
      if (typeof cell === "number" && v !== undefined) return n === v;
      return asText(cell).toLowerCase() === String(filter.value ?? "").toLowerCase();
    }
    case "not_equals":
      return !matchesFilter(row, { ...filter, type: "equals" });
    case "contains":
      return asText(cell).toLowerCase().includes(String(filter.value ?? "").toLowerCase());
    case "not_contains":
      return !matchesFilter(row, { ...filter, type: "contains" });
    case "lower_than": {
      const n = asNumber(cell);
      const v = asNumber(filter.value);
      return n !== undefined && v !== undefined && n < v;
    }
    case "greater_than": {
      const n = asNumber(cell);
      const v = asNumber(filter.value);
      return n !== undefined && v !== undefined && n > v;
    }
  }
}

export function matchesFilters(row: Row, filters: readonly Filter[] | undefined): boolean {
  return !filters || filters.every((f) => matchesFilter(row, f));
}
