// T-SQL for Azure SQL Database. Square-bracket quoting, @pN parameters, no IF NOT EXISTS on CREATE
// TABLE (OBJECT_ID guard instead), ADD without COLUMN, and two caps that shape the INSERTs:
// 2100 parameters per request and 1000 rows per VALUES list
// (https://learn.microsoft.com/sql/sql-server/maximum-capacity-specifications-for-sql-server).
import { qualified, type SqlDialect } from "../sql.js";
import type { ColumnType, LoadTable } from "../types.js";

const TYPES: Record<ColumnType, string> = {
  text: "NVARCHAR(MAX)",
  double: "FLOAT",
  date: "DATE",
  timestamp: "DATETIME2",
  boolean: "BIT",
};

export const azureSqlDialect: SqlDialect = {
  name: "azure_sql",
  quote: (identifier) => `[${identifier.replace(/]/g, "]]")}]`,
  // NVARCHAR(MAX) cannot be an index key; the account id and text partition columns are.
  typeName: (type, role) => (type === "text" && role !== "plain" ? "NVARCHAR(255)" : TYPES[type]),
  placeholder: (i) => `@p${i}`,
  maxParams: 2000,
  createTable: (table: LoadTable, columns: string) => {
    const q = qualified(azureSqlDialect, table.name);
    const literal = table.name.replace(/'/g, "''");
    return `IF OBJECT_ID(N'${literal}', N'U') IS NULL CREATE TABLE ${q} (${columns})`;
  },
  addColumn: (q: string, column: string) => `ALTER TABLE ${q} ADD ${column}`,
};

/** An application lock held until the transaction ends: two loads of one slice wait for each other. */
export function sliceLockSql(table: string, accountId: string): { sql: string; params: string[] } {
  return {
    sql: "EXEC sp_getapplock @Resource = @p1, @LockMode = 'Exclusive', @LockOwner = 'Transaction', @LockTimeout = 600000",
    params: [`signalpost:${table}:${accountId}`.slice(0, 255)],
  };
}
