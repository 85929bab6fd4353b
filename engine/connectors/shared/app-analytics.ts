// The api-key platforms that answer aggregate report rows whose columns we map one to one:
// mobile measurement (Adjust, AppsFlyer, Branch), product analytics (Amplitude, Mixpanel), call
// tracking (CallRail) and the api-key audio/messaging ads platforms (AdsWizz, LINE Ads). Each
// platform folder is mostly a table of {our field, platform column}; this module turns such a
// table into rows, tells which columns a read needs, and builds the Basic header several of them
// use. Roll-up to the requested dimensions, derived ratios and output paging stay in records.ts.
import { dimension, metric } from "../../core/field-defs.js";
import type { PreparedRequest } from "../../core/http-types.js";
import type { Aggregation, CellValue, Credential, FieldDef, FieldType, ReadRequest, Row } from "../../core/types.js";
import { num } from "./records.js";

export interface ColumnField {
  def: FieldDef;
  /** The platform's column (or dimension/metric name in its query language). Empty: filled by the connector. */
  column: string;
}

export const dimCol = (id: string, name: string, fieldType: FieldType, description: string, column: string): ColumnField => ({ def: dimension(id, name, fieldType, description), column });
export const metricCol = (id: string, name: string, fieldType: FieldType, aggregation: Aggregation, description: string, column: string): ColumnField => ({
  def: metric(id, name, fieldType, aggregation, description),
  column,
});
/** A shared FieldDef (ads-fields.ts) paired with the platform's column. */
export const mapped = (def: FieldDef, column: string): ColumnField => ({ def, column });

export const defsOf = (fields: readonly ColumnField[]): FieldDef[] => fields.map((f) => f.def);

/** The mapped columns of a read, split by kind; `always` dimensions are kept even when not asked. */
export function wantedColumns(fields: readonly ColumnField[], req: Pick<ReadRequest, "fields" | "filters">, always: readonly string[] = []): { dims: ColumnField[]; metrics: ColumnField[] } {
  const asked = new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field), ...always]);
  const picked = fields.filter((f) => f.column && asked.has(f.def.id));
  const metrics = picked.filter((f) => f.def.type === "metric");
  return {
    dims: picked.filter((f) => f.def.type === "dimension"),
    // A report always needs one metric, even for a read of dimensions only.
    metrics: metrics.length ? metrics : fields.filter((f) => f.def.type === "metric" && f.column).slice(0, 1),
  };
}

/** One platform record as our row: dimension columns as text (hours as numbers, null when absent), metric columns as numbers. */
export function columnRow(item: Record<string, unknown>, fields: readonly ColumnField[], fixed: Row = {}): Row {
  const row: Row = {};
  for (const f of fields) {
    if (!f.column) continue;
    const value = item[f.column];
    if (f.def.type === "metric") row[f.def.id] = num(value);
    else if (f.def.fieldType === "HOUR") row[f.def.id] = value === null || value === undefined || value === "" ? null : Number(value);
    else row[f.def.id] = textOf(value);
  }
  return { ...row, ...fixed };
}

export function textOf(value: unknown): CellValue {
  if (value === undefined || value === null || value === "") return null;
  return typeof value === "string" ? value : String(value);
}

/** The two halves of an api-key credential (key and secret slots of the connection form). */
export function keyAndSecret(credential: Credential): { key: string; secret: string } {
  return credential.type === "api-key" ? { key: credential.key, secret: credential.secret ?? "" } : { key: "", secret: "" };
}

/** RFC 7617 Basic credentials. */
export const basicAuthorization = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** Connector.authorize for platforms taking the form's key and secret as Basic user and password. */
export function authorizeBasicKeySecret(request: PreparedRequest, credential: Credential): void {
  const { key, secret } = keyAndSecret(credential);
  request.headers.authorization = basicAuthorization(key, secret);
}
