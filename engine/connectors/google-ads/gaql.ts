// GAQL text and the mapping of searchStream/search JSON rows back to our field ids. The REST
// JSON of a GoogleAdsRow names columns in lowerCamelCase (metrics.cost_micros -> metrics.costMicros),
// writes int64 as strings and leaves out metrics that are zero, so an absent additive metric is 0.
// A ratio without a denominator (a CTR without impressions) is undefined: absent stays null.
import type { CellValue, DateRange, Row } from "../../core/types.js";
import type { GeneratedGaqlField } from "./gaql-field.js";

export type GoogleAdsRow = Record<string, Record<string, unknown> | undefined>;

/** One element of the array searchStream answers with; `error` when the stream failed midway. */
export interface SearchStreamBatch {
  results?: GoogleAdsRow[];
  fieldMask?: string;
  requestId?: string;
  error?: unknown;
}

const camel = (segment: string) => segment.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function valueAt(row: GoogleAdsRow, gaql: string): unknown {
  const [resource, ...rest] = gaql.split(".").map(camel);
  let value: unknown = row[resource];
  for (const key of rest) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** The date range as a GAQL condition (dates are YYYY-MM-DD, checked by assertDateRange first). */
export const dateCondition = (range: DateRange) => `segments.date BETWEEN '${range.start}' AND '${range.end}'`;

export function buildQuery(resource: string, columns: readonly string[], range: DateRange): string {
  return `SELECT ${columns.join(", ")} FROM ${resource} WHERE ${dateCondition(range)}`;
}

function number(raw: unknown, micros: boolean | undefined): number | null {
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  return micros ? Math.round(n) / 1_000_000 : n;
}

/** One GAQL cell as our typed value. */
export function cellValue(field: GeneratedGaqlField, raw: unknown): CellValue {
  if (field.type === "metric" && (raw === undefined || raw === null)) return field.aggregation === "SUM" ? 0 : null;
  if (raw === undefined || raw === null) return null;
  if (field.repeated || field.dataType === "MESSAGE" || typeof raw === "object") return JSON.stringify(raw);
  switch (field.dataType) {
    case "INT64":
    case "UINT64":
    case "INT32":
    case "DOUBLE":
    case "FLOAT":
      // Ids stay text: int64 ids exceed what a double holds exactly.
      return field.fieldType === "TEXT" ? String(raw) : number(raw, field.micros);
    case "BOOLEAN":
      return raw === true || raw === "true";
    default:
      return String(raw);
  }
}

export function toRow(result: GoogleAdsRow, fields: readonly GeneratedGaqlField[]): Row {
  const row: Row = {};
  for (const field of fields) row[field.id] = cellValue(field, valueAt(result, field.gaql));
  return row;
}
