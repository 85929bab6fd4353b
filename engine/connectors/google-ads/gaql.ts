// GAQL text and the mapping of searchStream/search JSON rows back to our field ids. The REST
// JSON of a GoogleAdsRow names columns in lowerCamelCase (metrics.cost_micros -> metrics.costMicros),
// writes int64 as strings and omits zero values (proto3 JSON), so absent metrics are 0.
import type { DateRange, Row } from "../../core/types.js";
import type { GaqlField } from "./fields.js";

export type GoogleAdsRow = Record<string, Record<string, unknown> | undefined>;

/** One element of the array searchStream answers with. */
export interface SearchStreamBatch {
  results?: GoogleAdsRow[];
  fieldMask?: string;
  requestId?: string;
}

const camel = (segment: string) => segment.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function valueAt(row: GoogleAdsRow, gaql: string): unknown {
  const [resource, ...rest] = gaql.split(".").map(camel);
  let value: unknown = row[resource];
  for (const key of rest) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export function buildQuery(resource: string, columns: readonly string[], range: DateRange): string {
  // Dates are literal YYYY-MM-DD strings checked by assertDateRange before we get here.
  return `SELECT ${columns.join(", ")} FROM ${resource} WHERE segments.date BETWEEN '${range.start}' AND '${range.end}'`;
}

export function toRow(result: GoogleAdsRow, fields: readonly GaqlField[]): Row {
  const row: Row = {};
  for (const field of fields) {
    const raw = valueAt(result, field.gaql);
    if (field.def.type === "metric") {
      const n = raw === undefined || raw === null ? 0 : Number(raw);
      row[field.def.id] = field.micros ? Math.round(n) / 1_000_000 : n;
    } else if (field.def.id === "hour") {
      row[field.def.id] = raw === undefined || raw === null ? null : Number(raw);
    } else if (field.micros) {
      // Money configuration values (a campaign's budget) are dimensions in micros too.
      row[field.def.id] = raw === undefined || raw === null ? null : Math.round(Number(raw)) / 1_000_000;
    } else {
      row[field.def.id] = raw === undefined || raw === null ? null : String(raw);
    }
  }
  return row;
}
