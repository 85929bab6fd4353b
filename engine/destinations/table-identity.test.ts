import { describe, expect, it } from "vitest";
import { destinationPlace, tableTarget, targetsOverlap } from "./table-identity.js";

const pg = { host: "db.example.com:5432", username: "Alice", password: "x", database: "warehouse" };
const overlap = (type: string, a: string, b: string, configA: Record<string, string>, configB = configA) =>
  targetsOverlap(tableTarget(type, configA, a), tableTarget(type, configB, b));

describe("tables two jobs would share", () => {
  it("PostgreSQL: case, the public schema and the user's own schema resolve to one table", () => {
    expect(overlap("postgres", "demo_campaigns", "demo_campaigns", pg)).toBe(true);
    expect(overlap("postgres", "Demo_Campaigns", "demo_campaigns", pg)).toBe(true);
    expect(overlap("postgres", "public.demo_campaigns", "demo_campaigns", pg)).toBe(true);
    expect(overlap("postgres", "alice.demo_campaigns", "demo_campaigns", pg)).toBe(true);
    expect(overlap("postgres", "analytics.demo_campaigns", "demo_campaigns", pg)).toBe(false);
    expect(overlap("postgres", "analytics.demo_campaigns", "public.demo_campaigns", pg)).toBe(false);
    expect(overlap("postgres", "demo_campaigns", "demo_campaigns_2", pg)).toBe(false);
  });

  it("two destination rows with the same server and database are one place; another database is not", () => {
    expect(overlap("postgres", "t", "t", pg, { ...pg, host: "DB.example.com", password: "other" })).toBe(true);
    expect(overlap("postgres", "t", "t", pg, { ...pg, database: "other" })).toBe(false);
    expect(overlap("postgres", "t", "t", pg, { ...pg, host: "db.example.com:6543" })).toBe(false);
    expect(destinationPlace("postgres", pg)).not.toBe(destinationPlace("redshift", pg));
  });

  it("MySQL: the configured database is the default schema of one server", () => {
    const a = { host: "mysql.local", username: "u", password: "p", database: "shop" };
    expect(overlap("mysql", "shop.orders", "orders", a)).toBe(true);
    expect(overlap("mysql", "orders", "orders", a, { ...a, database: "crm" })).toBe(false);
    expect(overlap("mysql", "shop.orders", "orders", { ...a, database: "crm" }, a)).toBe(true);
  });

  it("BigQuery: a plain name lives in the configured dataset, dataset.table in that dataset", () => {
    const bq = { projectId: "acme", dataSetId: "Exports", jsonKey: "{}" };
    expect(overlap("big_query", "exports.daily", "daily", bq)).toBe(true);
    expect(overlap("big_query", "staging.daily", "daily", bq)).toBe(false);
    expect(overlap("big_query", "daily", "daily", bq, { ...bq, dataSetId: "other" })).toBe(false);
    expect(overlap("big_query", "daily", "daily", bq, { ...bq, projectId: "another" })).toBe(false);
  });

  it("Snowflake and Azure SQL: the schema of DATABASE.SCHEMA, PUBLIC and dbo", () => {
    const sf = { host: "xy.snowflakecomputing.com", username: "u", password: "p", database: "DB.MARTS" };
    expect(overlap("snowflake", "marts.t", "T", sf)).toBe(true);
    expect(overlap("snowflake", "public.t", "t", sf)).toBe(false);
    expect(overlap("snowflake", "public.t", "t", { ...sf, database: "DB" })).toBe(true);
    const az = { host: "x.database.windows.net", username: "loader", password: "p", database: "dw" };
    expect(overlap("azure_sql", "dbo.t", "t", az)).toBe(true);
    expect(overlap("azure_sql", "sales.t", "t", az)).toBe(false);
  });

  it("object stores: the same folder, a folder inside another's, and folders side by side", () => {
    const s3 = { accessKey: "a", secretKey: "s", bucketId: "exports", region: "eu-west-1" };
    expect(overlap("amazon_s3", "daily", "daily", s3)).toBe(true);
    expect(overlap("amazon_s3", "daily", "Daily", s3)).toBe(true);
    expect(overlap("amazon_s3", "daily/ads", "daily", s3)).toBe(true);
    expect(overlap("amazon_s3", "daily//ads", "daily/./ads", s3)).toBe(true);
    expect(overlap("amazon_s3", "daily/ads", "daily/shop", s3)).toBe(false);
    expect(overlap("amazon_s3", "daily", "daily_2", s3)).toBe(false);
    expect(overlap("amazon_s3", "daily", "daily", s3, { ...s3, bucketId: "other" })).toBe(false);
    const blob = (account: string) => ({ bucketId: "exports", connectionString: `DefaultEndpointsProtocol=https;AccountName=${account};AccountKey=k` });
    expect(overlap("azure_blob_storage", "d", "d", blob("acme"), blob("ACME"))).toBe(true);
    expect(overlap("azure_blob_storage", "d", "d", blob("acme"), blob("other"))).toBe(false);
  });
});
