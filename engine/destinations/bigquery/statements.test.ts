import { describe, expect, it } from "vitest";
import { describeTable } from "../columns.js";
import { DestinationError } from "../errors.js";
import { bigQueryColumnName, columnMappings, partitioningOf, quoteIdentifier, replaceScopeQuery, schemaFields, tablePath } from "./statements.js";

const table = describeTable({
  name: "daily",
  fields: [
    { name: "date", fieldType: "YEAR_MONTH_DAY" },
    { name: "Cost (EUR)", fieldType: "CURRENCY" },
    { name: "active", fieldType: "BOOLEAN" },
  ],
  partitionColumns: ["date"],
});

describe("BigQuery statements", () => {
  it("maps names and types onto BigQuery's schema", () => {
    expect(bigQueryColumnName("2nd-day")).toBe("_2nd_day");
    expect(schemaFields(columnMappings(table))).toEqual([
      { name: "_account_id", type: "STRING", mode: "NULLABLE" },
      { name: "date", type: "DATE", mode: "NULLABLE" },
      { name: "Cost__EUR_", type: "FLOAT", mode: "NULLABLE" },
      { name: "active", type: "BOOLEAN", mode: "NULLABLE" },
    ]);
  });

  it("partitions by the one date partition field and refuses anything else", () => {
    const cols = columnMappings(table);
    expect(partitioningOf(table, cols)).toEqual({ timePartitioning: { type: "DAY", field: "date" }, clustering: { fields: ["_account_id"] } });
    expect(partitioningOf({ ...table, partitionColumns: [] }, cols)).toEqual({ clustering: { fields: ["_account_id"] } });
    expect(() => partitioningOf({ ...table, partitionColumns: ["date", "active"] }, cols)).toThrow("BigQuery takes a single partition field.");
    expect(() => partitioningOf({ ...table, partitionColumns: ["active"] }, cols)).toThrow(DestinationError);
  });

  it("replaces a dated scope in one transaction, and only empties it without staged rows", () => {
    const columns = columnMappings(table);
    const target = tablePath("p", "d", "daily");
    const q = replaceScopeQuery({ target, staging: tablePath("p", "d", "daily__sp_stage_1"), columns, scope: { accountId: "a`1", dateColumn: "date", range: { start: "2024-01-01", end: "2024-01-31" } } });
    expect(q.query).toBe(
      "BEGIN TRANSACTION;\n" +
        "DELETE FROM `p.d.daily` WHERE `_account_id` = @account_id AND `date` BETWEEN @range_start AND @range_end;\n" +
        "INSERT INTO `p.d.daily` (`_account_id`, `date`, `Cost__EUR_`, `active`) SELECT `_account_id`, `date`, `Cost__EUR_`, `active` FROM `p.d.daily__sp_stage_1`;\n" +
        "COMMIT TRANSACTION;",
    );
    // Values travel as parameters, never inside the SQL text.
    expect(q.params).toEqual({ account_id: "a`1", range_start: "2024-01-01", range_end: "2024-01-31" });
    expect(q.types).toEqual({ account_id: "STRING", range_start: "DATE", range_end: "DATE" });
    const empty = replaceScopeQuery({ target, columns, scope: { accountId: "a" } });
    expect(empty.query).toBe("BEGIN TRANSACTION;\nDELETE FROM `p.d.daily` WHERE `_account_id` = @account_id;\nCOMMIT TRANSACTION;");
  });

  it("escapes backticks and backslashes in identifiers", () => {
    expect(quoteIdentifier("a`b\\c")).toBe("`a\\`b\\\\c`");
  });
});
