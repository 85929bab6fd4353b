// The Google Ads fake's report rows: any GAQL column of the generated catalogue, for any report
// resource, from the generic value generator (tests/fakes/support/field-values.ts). The finest
// grain is one ad group, one day, one hour; a campaign or the account is the sum of its ad groups,
// and a view (keywords, search terms, locations, age ranges, ...) splits each ad group's cells
// over the view's members, as do selected segments (device, network, ...), so every breakdown adds
// up to the ad group's totals. Test-only.
import { fieldValues, type DimensionField, type MetricField, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { GAQL_FIELDS } from "./fields.generated.js";
import type { GeneratedGaqlField } from "./gaql-field.js";

export const gen = fieldValues("google-ads");

export const FAKE_FIELD_BY_GAQL = new Map(GAQL_FIELDS.map((f) => [f.gaql, f]));
const field = (gaql: string) => FAKE_FIELD_BY_GAQL.get(gaql)!;

export interface FakeAdGroup {
  id: string;
  name: string;
  status: string;
}
export interface FakeCampaign {
  id: string;
  name: string;
  status: string;
  type: string;
  budgetMicros: number;
  adGroups: FakeAdGroup[];
}

/** The generator's description of a numeric metric; undefined for dates, enums and texts. */
export function metricKind(f: GeneratedGaqlField): MetricField | undefined {
  if (!["INT64", "INT32", "UINT64", "DOUBLE", "FLOAT"].includes(f.dataType)) return undefined;
  if (f.aggregation === "SUM") {
    // Conversions happen in some hours only: the API then leaves the column out.
    const sparse = f.category === "Metrics: conversions" ? 0.4 : 0;
    if (f.micros) return { id: f.gaql, kind: "micros", sparse };
    if (f.dataType !== "DOUBLE" && f.dataType !== "FLOAT") return { id: f.gaql, kind: "count", sparse };
    return { id: f.gaql, kind: f.fieldType === "CURRENCY" ? "amount" : "decimal", sparse };
  }
  if (f.aggregation === "AUTO") return { id: f.gaql, kind: "distinct" };
  const scale = f.micros ? 5_000_000 : f.fieldType === "PERCENT" ? 1 : f.fieldType === "CURRENCY" ? 50 : 10;
  return { id: f.gaql, kind: "ratio", scale };
}

function dimensionKind(f: GeneratedGaqlField): DimensionField {
  if (f.enumValues && f.enumValues.length > 0) return { id: f.gaql, kind: "enum", values: f.enumValues };
  if (f.dataType === "BOOLEAN") return { id: f.gaql, kind: "boolean" };
  if (f.fieldType === "YEAR_MONTH_DAY") return { id: f.gaql, kind: "date" };
  if (f.fieldType === "DATETIME") return { id: f.gaql, kind: "datetime" };
  if (f.fieldType === "URL" || /url/.test(f.gaql)) return { id: f.gaql, kind: "url" };
  if (/(^|[._])id$/.test(f.gaql)) return { id: f.gaql, kind: "id" };
  if (["INT64", "INT32", "UINT64", "DOUBLE", "FLOAT"].includes(f.dataType)) return { id: f.gaql, kind: "number" };
  return { id: f.gaql, kind: "text" };
}

/** A value in the REST JSON mapping: int64 as a string, repeated as a list, messages as objects. */
function encode(f: GeneratedGaqlField, value: string | number | boolean | null): unknown {
  if (value === null) return undefined;
  let out: unknown = value;
  if (f.dataType === "INT64" || f.dataType === "UINT64") out = typeof value === "number" ? String(Math.round(value)) : String(value);
  else if (f.dataType === "INT32") out = typeof value === "number" ? Math.round(value) : Number(value) || 0;
  else if (f.dataType === "MESSAGE") out = { value: String(value) };
  return f.repeated ? [out] : out;
}

/** An attribute or segment for a key (an entity or a member), with the fake's known values first. */
export function dimensionValue(f: GeneratedGaqlField, key: string, known: Record<string, unknown>): unknown {
  if (f.gaql in known) return known[f.gaql];
  return encode(f, gen.dimension(dimensionKind(f), key));
}

// ---- time segments ---------------------------------------------------------------------------

const WEEKDAYS = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];
const MONTHS = ["JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"];

/** segments.week/month/quarter/... of a day, as the API writes them (weeks start on Monday). */
export function timeValue(gaql: string, day: string): unknown {
  const d = new Date(`${day}T00:00:00Z`);
  switch (gaql) {
    case "segments.date":
      return day;
    case "segments.week": {
      const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
      return monday.toISOString().slice(0, 10);
    }
    case "segments.month":
      return `${day.slice(0, 7)}-01`;
    case "segments.quarter":
      return `${day.slice(0, 4)}-${String(Math.floor(d.getUTCMonth() / 3) * 3 + 1).padStart(2, "0")}-01`;
    case "segments.year":
      return d.getUTCFullYear();
    case "segments.day_of_week":
      return WEEKDAYS[d.getUTCDay()];
    case "segments.month_of_year":
      return MONTHS[d.getUTCMonth()];
    default:
      return undefined;
  }
}

export const TIME_SEGMENTS = new Set(["segments.date", "segments.week", "segments.month", "segments.quarter", "segments.year", "segments.day_of_week", "segments.month_of_year"]);

/** Members a selected segment splits rows into: up to three enum values, or two generated ones. */
export function segmentMembers(f: GeneratedGaqlField): string[] {
  if (f.dataType === "BOOLEAN") return ["true", "false"];
  if (f.enumValues && f.enumValues.length > 0) return f.enumValues.slice(0, 3);
  return gen.members(dimensionKind(f), 2);
}

/** The JSON value of a segment member. */
export function segmentValue(f: GeneratedGaqlField, member: string): unknown {
  if (f.dataType === "BOOLEAN") return member === "true";
  return encode(f, member);
}

export interface MetricScope {
  adGroups: readonly string[];
  days: readonly string[];
  hours?: readonly number[];
  cell: readonly SplitOf[];
}

/** A metric column's JSON value over a scope (undefined when zero or undefined: the API leaves those out). */
export function metricValue(f: GeneratedGaqlField, scope: MetricScope, key: string): unknown {
  const kind = metricKind(f);
  if (!kind) return encode(f, gen.dimension(dimensionKind(f), key));
  const value = gen.metric(kind, { entities: scope.adGroups, days: scope.days, hours: scope.hours, cell: scope.cell });
  if (value === null || value === 0) return undefined;
  return encode(f, value);
}

/** Impressions of a scope: rows without any are left out of metric queries, as the API does. */
export const impressionsOf = (scope: MetricScope) => gen.metric(metricKind(field("metrics.impressions"))!, { entities: scope.adGroups, days: scope.days, hours: scope.hours, cell: scope.cell }) ?? 0;
