// Shared by every destination: field types onto column types, identifier rules, the scope guard
// and the csv / json line encoders the storage destinations and the COPY path use.
import { eachDay } from "../core/dates.js";
import type { CellValue, DateRange, FieldType, Row } from "../core/types.js";
import { DestinationError } from "./errors.js";
import { ACCOUNT_COLUMN, type ColumnType, type DestinationColumn, type LoadRequest, type LoadTable, type PartitionScope } from "./types.js";

const COLUMN_TYPES: Partial<Record<FieldType, ColumnType>> = {
  NUMBER: "double",
  PERCENT: "double",
  CURRENCY: "double",
  DURATION: "double",
  YEAR_MONTH_DAY: "date",
  DATE: "date",
  DATETIME: "timestamp",
  YEAR_MONTH_DAY_HOUR: "timestamp",
  BOOLEAN: "boolean",
};

export function columnTypeFor(fieldType: FieldType): ColumnType {
  return COLUMN_TYPES[fieldType] ?? "text";
}

/** Letters, digits and underscore, not starting with a digit: valid unquoted in every SQL dialect we load. */
const SQL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Why a table name is refused, or undefined when it is fine. SQL destinations take `table` or
 * `schema.table` (BigQuery: the table inside the configured dataset); storage destinations take a
 * path prefix of safe characters.
 */
export function tableNameProblem(kind: "sql" | "storage", name: string, maxLength = 63): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "You need to set a table name.";
  if (kind === "storage") {
    if (trimmed.length > 200) return "The file name must be at most 200 characters.";
    if (!/^[A-Za-z0-9_\-][A-Za-z0-9_\-./]*$/.test(trimmed) || trimmed.includes("..") || trimmed.endsWith("/"))
      return "The file name may only contain letters, digits, '_', '-', '.' and '/' (not '..').";
    return undefined;
  }
  const parts = trimmed.split(".");
  if (parts.length > 2 || parts.some((p) => !SQL_IDENTIFIER.test(p)))
    return 'The table name may only contain letters, digits and "_" (optionally schema.table), and must not start with a digit.';
  if (parts.some((p) => p.length > maxLength)) return `Each part of the table name must be at most ${maxLength} characters.`;
  return undefined;
}

/** Column names from user renames: anything but control characters, at most 63 characters. */
export function columnNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "A column name cannot be empty.";
  if (name.length > 63) return `The column name "${name.slice(0, 20)}…" is longer than 63 characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f`"\[\]]/.test(name)) return `The column name "${name}" contains a character destinations refuse.`;
  if (name === ACCOUNT_COLUMN) return `${ACCOUNT_COLUMN} is reserved.`;
  return undefined;
}

export interface OutputField {
  /** Column name in the destination (the user's rename, or the field's id). */
  name: string;
  fieldType: FieldType;
}

/** The LoadTable of a job: `_account_id` first, then its fields in order. */
export function describeTable(input: {
  name: string;
  fields: OutputField[];
  partitionColumns?: string[];
  dataType?: "csv" | "json";
}): LoadTable {
  const seen = new Set<string>([ACCOUNT_COLUMN]);
  const columns: DestinationColumn[] = [{ name: ACCOUNT_COLUMN, type: "text" }];
  for (const f of input.fields) {
    const problem = columnNameProblem(f.name);
    if (problem) throw new DestinationError("table", "config", problem);
    const key = f.name.toLowerCase();
    if (seen.has(key)) throw new DestinationError("table", "config", `Two fields are named "${f.name}".`);
    seen.add(key);
    columns.push({ name: f.name, type: columnTypeFor(f.fieldType) });
  }
  const partitionColumns = input.partitionColumns ?? [];
  for (const p of partitionColumns)
    if (!columns.some((c) => c.name === p)) throw new DestinationError("table", "config", `The partition field "${p}" is not among the fields.`);
  return { name: input.name.trim(), columns, partitionColumns, dataType: input.dataType };
}

/** The date column a scope is replaced by: the first date partition column, else the first date column. */
export function defaultDateColumn(table: LoadTable): string | undefined {
  const dateCols = table.columns.filter((c) => c.type === "date").map((c) => c.name);
  return table.partitionColumns.find((p) => dateCols.includes(p)) ?? dateCols[0];
}

/**
 * Checks a scope against its table and returns the days it covers (undefined: the whole account).
 * A date column without a range, or a range without a date column, is refused: either would replace
 * more or less than the caller meant.
 */
export function scopeDays(table: LoadTable, scope: PartitionScope): string[] | undefined {
  if (!scope.accountId) throw new DestinationError("table", "system", "A load needs an account id.");
  if (scope.dateColumn === undefined && scope.range === undefined) return undefined;
  if (scope.dateColumn === undefined || scope.range === undefined)
    throw new DestinationError("table", "system", "A load scope needs both a date column and a range, or neither.");
  const col = table.columns.find((c) => c.name === scope.dateColumn);
  if (!col || col.type !== "date") throw new DestinationError("table", "system", `${scope.dateColumn} is not a date column of ${table.name}.`);
  return eachDay(scope.range);
}

/** YYYY-MM-DD of a date cell (connectors give "2024-01-31" or a longer ISO value). */
export function dayOf(value: CellValue): string | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m?.[1];
}

/** Throws when a row lies outside the scope being replaced; returns its day (or "" without dates). */
export function assertInScope(row: Row, scope: PartitionScope, days: Set<string> | undefined, destination: string): string {
  if (!days || !scope.dateColumn) return "";
  const day = dayOf(row[scope.dateColumn] ?? null);
  if (!day || !days.has(day)) {
    const range = scope.range as DateRange;
    throw new DestinationError(
      destination,
      "system",
      `A row dated ${String(row[scope.dateColumn])} lies outside the partition being replaced (${range.start} to ${range.end}).`,
    );
  }
  return day;
}

/** Normalises one cell for a column type (numbers from strings, booleans from "true"). */
export function cellFor(type: ColumnType, value: CellValue | undefined): CellValue {
  if (value === undefined || value === null || value === "") return type === "text" && value === "" ? "" : null;
  switch (type) {
    case "double": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case "boolean":
      return typeof value === "boolean" ? value : value === "true" || value === 1 || value === "1";
    case "date":
      return dayOf(value) ?? null;
    default:
      return typeof value === "string" ? value : String(value);
  }
}

/** One CSV field per RFC 4180; null is an empty unquoted field, "" a quoted empty string (COPY reads them apart). */
export function csvField(value: CellValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (value === "" || /[",\r\n]/.test(value) || value.trim() !== value) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export function csvLine(values: CellValue[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) out += (i === 0 ? "" : ",") + csvField(values[i]!);
  return out + "\n";
}

/** The values of a row in table order, normalised, with the account id in front. */
export function rowValues(table: LoadTable, accountId: string, row: Row): CellValue[] {
  const out: CellValue[] = new Array(table.columns.length);
  out[0] = accountId;
  for (let i = 1; i < table.columns.length; i++) {
    const c = table.columns[i]!;
    out[i] = cellFor(c.type, row[c.name]);
  }
  return out;
}

export async function* batches(rows: AsyncIterable<Row[]> | Iterable<Row[]>): AsyncIterable<Row[]> {
  for await (const batch of rows as AsyncIterable<Row[]>) yield batch;
}

export function throwIfAborted(signal: AbortSignal | undefined, destination: string): void {
  if (signal?.aborted) throw new DestinationError(destination, "transient", "The load was cancelled.");
}

/** Refuses a table name the destination would reject (or misread), before any statement runs. */
export function assertTableName(kind: "sql" | "storage", destination: string, name: string): void {
  const problem = tableNameProblem(kind, name);
  if (problem) throw new DestinationError(destination, "config", problem);
}

/**
 * Feeds a load's rows to `write` in chunks of at most `per` rows, each row checked against the
 * scope and turned into table-order values; reports progress per batch and returns the row count.
 * The loop every INSERT-based SQL loader shares (MySQL, Redshift, Snowflake).
 */
export async function writeInChunks(
  request: LoadRequest,
  days: Set<string> | undefined,
  destination: string,
  per: number,
  write: (values: CellValue[][]) => Promise<void>,
): Promise<number> {
  const { table, scope } = request;
  let pending: CellValue[][] = [];
  let count = 0;
  for await (const batch of request.rows as AsyncIterable<Row[]>) {
    throwIfAborted(request.signal, destination);
    for (const row of batch) {
      assertInScope(row, scope, days, destination);
      pending.push(rowValues(table, scope.accountId, row));
      if (pending.length >= per) {
        const chunk = pending;
        pending = [];
        await write(chunk);
      }
    }
    count += batch.length;
    request.onProgress?.(count);
  }
  if (pending.length > 0) await write(pending);
  return count;
}
