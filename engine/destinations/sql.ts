// SQL generation shared by the SQL destinations. Each dialect says how it quotes, which type names
// it uses and how it writes placeholders; the statements themselves are the same everywhere:
// CREATE TABLE IF NOT EXISTS, ADD COLUMN, a DELETE of the scope being replaced, multi-row INSERT.
import type { CellValue } from "../core/types.js";
import { ACCOUNT_COLUMN, type ColumnType, type DestinationColumn, type LoadTable, type PartitionScope } from "./types.js";

export interface SqlDialect {
  name: string;
  quote(identifier: string): string;
  typeName(type: ColumnType, role: "account" | "partition" | "plain"): string;
  /** 1-based placeholder for parameter i. */
  placeholder(i: number): string;
  /** CREATE TABLE IF NOT EXISTS, or the dialect's equivalent. */
  createTable?(table: LoadTable, columns: string): string;
  addColumn?(qualified: string, column: string): string;
  /** Largest number of bound parameters one statement may carry. */
  maxParams: number;
}

export interface Statement {
  sql: string;
  params: CellValue[];
}

export function qualified(d: SqlDialect, name: string): string {
  return name.split(".").map((p) => d.quote(p)).join(".");
}

function roleOf(table: LoadTable, c: DestinationColumn): "account" | "partition" | "plain" {
  if (c.name === ACCOUNT_COLUMN) return "account";
  return table.partitionColumns.includes(c.name) ? "partition" : "plain";
}

export function columnDefinition(d: SqlDialect, table: LoadTable, c: DestinationColumn): string {
  return `${d.quote(c.name)} ${d.typeName(c.type, roleOf(table, c))}`;
}

export function createTableSql(d: SqlDialect, table: LoadTable): string {
  const cols = table.columns.map((c) => columnDefinition(d, table, c)).join(", ");
  return d.createTable ? d.createTable(table, cols) : `CREATE TABLE IF NOT EXISTS ${qualified(d, table.name)} (${cols})`;
}

export function addColumnSql(d: SqlDialect, table: LoadTable, c: DestinationColumn): string {
  const q = qualified(d, table.name);
  const col = columnDefinition(d, table, c);
  return d.addColumn ? d.addColumn(q, col) : `ALTER TABLE ${q} ADD COLUMN ${col}`;
}

/** The columns of `table` that `existing` (lower-cased names from the catalogue) lacks. */
export function missingColumns(table: LoadTable, existing: Iterable<string>): DestinationColumn[] {
  const have = new Set([...existing].map((n) => n.toLowerCase()));
  return table.columns.filter((c) => !have.has(c.name.toLowerCase()));
}

/** The WHERE condition of everything the scope covers: one account, and its days when the table is dated. */
export function scopeWhereSql(d: SqlDialect, scope: PartitionScope): Statement {
  let sql = `${d.quote(ACCOUNT_COLUMN)} = ${d.placeholder(1)}`;
  const params: CellValue[] = [scope.accountId];
  if (scope.dateColumn && scope.range) {
    sql += ` AND ${d.quote(scope.dateColumn)} >= ${d.placeholder(2)} AND ${d.quote(scope.dateColumn)} <= ${d.placeholder(3)}`;
    params.push(scope.range.start, scope.range.end);
  }
  return { sql, params };
}

/** DELETE of everything the scope covers. */
export function deleteScopeSql(d: SqlDialect, table: LoadTable, scope: PartitionScope): Statement {
  const where = scopeWhereSql(d, scope);
  return { sql: `DELETE FROM ${qualified(d, table.name)} WHERE ${where.sql}`, params: where.params };
}

/** How many rows fit in one INSERT under the dialect's parameter cap. */
export function rowsPerInsert(d: SqlDialect, table: LoadTable, cap = 1000): number {
  return Math.max(1, Math.min(cap, Math.floor(d.maxParams / table.columns.length)));
}

/** One multi-row INSERT with bound parameters. */
export function insertSql(d: SqlDialect, table: LoadTable, rows: CellValue[][]): Statement {
  const cols = table.columns.map((c) => d.quote(c.name)).join(", ");
  const params: CellValue[] = [];
  const tuples: string[] = [];
  for (const values of rows) {
    const ph: string[] = [];
    for (const v of values) {
      params.push(v);
      ph.push(d.placeholder(params.length));
    }
    tuples.push(`(${ph.join(", ")})`);
  }
  return { sql: `INSERT INTO ${qualified(d, table.name)} (${cols}) VALUES ${tuples.join(", ")}`, params };
}

export const doubleQuote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** "host:port" as users paste it, or a bare host with the type's default port. */
export function splitHostPort(host: string, fallback: number): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(host.trim());
  return m ? { host: m[1]!, port: Number(m[2]) } : { host: host.trim(), port: fallback };
}
