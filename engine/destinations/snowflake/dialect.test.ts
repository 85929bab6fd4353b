import { describe, expect, it } from "vitest";
import { describeTable } from "../columns.js";
import { addColumnSql, createTableSql, deleteScopeSql } from "../sql.js";
import { connectionOptions, snowflakeDialect, storedName } from "./dialect.js";

const base = { username: "LOADER", password: "pw", database: "ANALYTICS" };

describe("Snowflake connection settings", () => {
  it("takes the account from an account URL, over HTTPS, with an optional schema", () => {
    expect(connectionOptions({ ...base, host: "https://xy12345.eu-west-1.snowflakecomputing.com/", database: "ANALYTICS.MARKETING" })).toEqual({
      account: "xy12345",
      username: "LOADER",
      password: "pw",
      database: "ANALYTICS",
      schema: "MARKETING",
      warehouse: undefined,
      role: undefined,
      host: "xy12345.eu-west-1.snowflakecomputing.com",
      port: undefined,
      protocol: "https",
    });
  });

  it("passes a bare account identifier to the driver, which builds the host", () => {
    const o = connectionOptions({ ...base, host: "myorg-myaccount" });
    expect(o).toMatchObject({ account: "myorg-myaccount", database: "ANALYTICS", schema: undefined });
    expect(o.host).toBeUndefined();
  });

  it("reaches an operator's endpoint (a local fake) with the form's account", () => {
    expect(connectionOptions({ ...base, host: "acme.snowflakecomputing.com", endpoint: "http://127.0.0.1:4321" })).toMatchObject({
      account: "acme",
      host: "127.0.0.1",
      port: 4321,
      protocol: "http",
    });
    expect(connectionOptions({ ...base, host: "http://localhost:8080" })).toMatchObject({ account: "local", host: "localhost", port: 8080, protocol: "http" });
  });

  it("refuses plain HTTP to a remote host, a malformed host and a three-part database", () => {
    expect(() => connectionOptions({ ...base, host: "http://acme.snowflakecomputing.com" })).toThrow(/HTTPS/);
    expect(() => connectionOptions({ ...base, host: "acme snowflake" })).toThrow(/not a Snowflake account host/);
    expect(() => connectionOptions({ ...base, host: "acme", database: "A.B.C" })).toThrow(/DATABASE.SCHEMA/);
    expect(() => connectionOptions({ ...base, host: "acme", database: "A." })).toThrow(/DATABASE.SCHEMA/);
  });
});

describe("Snowflake statements", () => {
  const table = describeTable({
    name: "marketing.daily_stats",
    fields: [
      { name: "date", fieldType: "YEAR_MONTH_DAY" },
      { name: "Campaign name", fieldType: "TEXT" },
      { name: "clicks", fieldType: "NUMBER" },
      { name: "seen_at", fieldType: "DATETIME" },
      { name: "active", fieldType: "BOOLEAN" },
    ],
    partitionColumns: ["date", "Campaign name"],
  });

  it("upper-cases plain identifiers as Snowflake does unquoted, and keeps other names as typed", () => {
    expect(storedName("daily_stats")).toBe("DAILY_STATS");
    expect(storedName("Campaign name")).toBe("Campaign name");
    expect(snowflakeDialect.quote('a"b')).toBe('"a""b"');
    expect(createTableSql(snowflakeDialect, table)).toBe(
      'CREATE TABLE IF NOT EXISTS "MARKETING"."DAILY_STATS" ("_ACCOUNT_ID" VARCHAR, "DATE" DATE, "Campaign name" VARCHAR, "CLICKS" FLOAT, "SEEN_AT" TIMESTAMP_NTZ, "ACTIVE" BOOLEAN)',
    );
    expect(addColumnSql(snowflakeDialect, table, table.columns[2]!)).toBe('ALTER TABLE "MARKETING"."DAILY_STATS" ADD COLUMN "Campaign name" VARCHAR');
  });

  it("deletes exactly the account and days being replaced", () => {
    expect(deleteScopeSql(snowflakeDialect, table, { accountId: "7", dateColumn: "date", range: { start: "2024-01-01", end: "2024-01-07" } })).toEqual({
      sql: 'DELETE FROM "MARKETING"."DAILY_STATS" WHERE "_ACCOUNT_ID" = ? AND "DATE" >= ? AND "DATE" <= ?',
      params: ["7", "2024-01-01", "2024-01-07"],
    });
  });
});
