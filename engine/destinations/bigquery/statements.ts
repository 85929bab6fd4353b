// What the BigQuery loader sends, as data: table schemas (REST TableFieldSchema) and the one
// multi-statement query that swaps a scope's rows in from a staging table inside a transaction
// (https://cloud.google.com/bigquery/docs/transactions). Kept apart from the client so unit tests
// and tests/fakes/bigquery read the same statements the loader runs.
import { DestinationError } from "../errors.js";
import { ACCOUNT_COLUMN, type ColumnType, type LoadTable, type PartitionScope } from "../types.js";

export const BIGQUERY_TYPES: Record<ColumnType, string> = {
  text: "STRING",
  double: "FLOAT",
  date: "DATE",
  timestamp: "TIMESTAMP",
  boolean: "BOOLEAN",
};

export interface BigQueryField {
  name: string;
  type: string;
  mode: "NULLABLE";
}

/**
 * BigQuery column names take letters, digits and underscores, not starting with a digit, at most
 * 300 characters (https://cloud.google.com/bigquery/docs/schemas#column_names); a user's rename
 * such as "Cost (EUR)" becomes Cost__EUR_. Names differing only in case are the same column.
 */
export function bigQueryColumnName(name: string): string {
  let out = name.replace(/[^A-Za-z0-9_]/g, "_");
  if (/^[0-9]/.test(out)) out = `_${out}`;
  return out.slice(0, 300);
}

export interface ColumnMapping {
  /** Column name in the LoadTable (and key in the rows). */
  source: string;
  /** Column name in BigQuery. */
  name: string;
  type: ColumnType;
}

/** The table's columns with their BigQuery names; two columns that map to one name are refused. */
export function columnMappings(table: LoadTable): ColumnMapping[] {
  const seen = new Map<string, string>();
  return table.columns.map((c) => {
    const name = bigQueryColumnName(c.name);
    const other = seen.get(name.toLowerCase());
    if (other !== undefined)
      throw new DestinationError("big_query", "config", `The columns "${other}" and "${c.name}" would both be named ${name} in BigQuery; rename one of them.`);
    seen.set(name.toLowerCase(), c.name);
    return { source: c.name, name, type: c.type };
  });
}

export function schemaFields(columns: ColumnMapping[]): BigQueryField[] {
  return columns.map((c) => ({ name: c.name, type: BIGQUERY_TYPES[c.type], mode: "NULLABLE" }));
}

/**
 * BigQuery partitions a table by one DATE or TIMESTAMP column (spec 2 §5: a single partition field
 * for BigQuery). The table is clustered by the account column so a load's DELETE reads little.
 */
export function partitioningOf(table: LoadTable, columns: ColumnMapping[]): { timePartitioning?: { type: "DAY"; field: string }; clustering: { fields: string[] } } {
  if (table.partitionColumns.length > 1)
    throw new DestinationError("big_query", "config", "BigQuery takes a single partition field.");
  const clustering = { fields: [bigQueryColumnName(ACCOUNT_COLUMN)] };
  const field = table.partitionColumns[0];
  if (field === undefined) return { clustering };
  const column = columns.find((c) => c.source === field);
  if (!column || (column.type !== "date" && column.type !== "timestamp"))
    throw new DestinationError("big_query", "config", `BigQuery partitions by a date field; "${field}" is not one.`);
  return { timePartitioning: { type: "DAY", field: column.name }, clustering };
}

/** `project.dataset.table` as one quoted path (backslash and backtick escaped). */
export function tablePath(projectId: string, datasetId: string, tableId: string): string {
  return quoteIdentifier(`${projectId}.${datasetId}.${tableId}`);
}

export function quoteIdentifier(name: string): string {
  return "`" + name.replace(/\\/g, "\\\\").replace(/`/g, "\\`") + "`";
}

export interface ReplaceQuery {
  query: string;
  params: Record<string, string>;
  types: Record<string, string>;
}

/**
 * One script, one transaction: delete the scope's rows (one account, and its days when the table
 * is dated), then copy the staged rows in. Without a staging table (a run that found no rows) the
 * scope is only emptied. Either every statement commits or none does.
 */
export function replaceScopeQuery(input: { target: string; staging?: string; columns: ColumnMapping[]; scope: PartitionScope }): ReplaceQuery {
  const { scope, columns } = input;
  const account = quoteIdentifier(bigQueryColumnName(ACCOUNT_COLUMN));
  const params: Record<string, string> = { account_id: scope.accountId };
  const types: Record<string, string> = { account_id: "STRING" };
  let where = `${account} = @account_id`;
  if (scope.dateColumn && scope.range) {
    const date = columns.find((c) => c.source === scope.dateColumn);
    if (!date) throw new DestinationError("big_query", "system", `${scope.dateColumn} is not a column of the table.`);
    where += ` AND ${quoteIdentifier(date.name)} BETWEEN @range_start AND @range_end`;
    params.range_start = scope.range.start;
    params.range_end = scope.range.end;
    types.range_start = "DATE";
    types.range_end = "DATE";
  }
  const statements = ["BEGIN TRANSACTION", `DELETE FROM ${input.target} WHERE ${where}`];
  if (input.staging) {
    const list = columns.map((c) => quoteIdentifier(c.name)).join(", ");
    statements.push(`INSERT INTO ${input.target} (${list}) SELECT ${list} FROM ${input.staging}`);
  }
  statements.push("COMMIT TRANSACTION");
  return { query: statements.join(";\n") + ";", params, types };
}
