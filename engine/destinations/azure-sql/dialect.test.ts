import { describe, expect, it } from "vitest";
import { describeTable } from "../columns.js";
import { deleteScopeSql, insertSql, rowsPerInsert } from "../sql.js";
import { azureSqlDialect, sliceLockSql } from "./dialect.js";
import { prepareStatements } from "./loader.js";

const table = describeTable({
  name: "dbo.daily_stats",
  fields: [
    { name: "date", fieldType: "YEAR_MONTH_DAY" },
    { name: "campaign name", fieldType: "TEXT" },
    { name: "clicks", fieldType: "NUMBER" },
  ],
  partitionColumns: ["date"],
});

describe("Azure SQL statements", () => {
  it("creates the table once, with indexable key columns", () => {
    expect(prepareStatements(table, [])).toEqual([
      "IF OBJECT_ID(N'dbo.daily_stats', N'U') IS NULL CREATE TABLE [dbo].[daily_stats] ([_account_id] NVARCHAR(255), [date] DATE, [campaign name] NVARCHAR(MAX), [clicks] FLOAT)",
    ]);
  });

  it("adds only the missing columns, without the COLUMN keyword", () => {
    const stmts = prepareStatements(table, ["_account_id", "DATE", "clicks"]);
    expect(stmts.slice(1)).toEqual(["ALTER TABLE [dbo].[daily_stats] ADD [campaign name] NVARCHAR(MAX)"]);
  });

  it("deletes exactly the account and days being replaced", () => {
    expect(deleteScopeSql(azureSqlDialect, table, { accountId: "42", dateColumn: "date", range: { start: "2024-01-01", end: "2024-01-07" } })).toEqual({
      sql: "DELETE FROM [dbo].[daily_stats] WHERE [_account_id] = @p1 AND [date] >= @p2 AND [date] <= @p3",
      params: ["42", "2024-01-01", "2024-01-07"],
    });
    expect(deleteScopeSql(azureSqlDialect, table, { accountId: "42" }).sql).toBe("DELETE FROM [dbo].[daily_stats] WHERE [_account_id] = @p1");
  });

  it("binds every value and respects the 2100-parameter and 1000-row caps", () => {
    const st = insertSql(azureSqlDialect, table, [
      ["42", "2024-01-01", "a", 1],
      ["42", "2024-01-02", null, 2],
    ]);
    expect(st.sql).toBe("INSERT INTO [dbo].[daily_stats] ([_account_id], [date], [campaign name], [clicks]) VALUES (@p1, @p2, @p3, @p4), (@p5, @p6, @p7, @p8)");
    expect(st.params).toEqual(["42", "2024-01-01", "a", 1, "42", "2024-01-02", null, 2]);
    expect(rowsPerInsert(azureSqlDialect, table, 1000)).toBe(500);
    const wide = describeTable({ name: "t", fields: Array.from({ length: 1 }, (_, i) => ({ name: `f${i}`, fieldType: "TEXT" as const })) });
    expect(rowsPerInsert(azureSqlDialect, wide, 1000)).toBe(1000);
  });

  it("locks the slice for the transaction", () => {
    expect(sliceLockSql("dbo.daily_stats", "42")).toEqual({
      sql: "EXEC sp_getapplock @Resource = @p1, @LockMode = 'Exclusive', @LockOwner = 'Transaction', @LockTimeout = 600000",
      params: ["signalpost:dbo.daily_stats:42"],
    });
  });
});
