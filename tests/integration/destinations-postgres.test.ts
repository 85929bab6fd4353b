// The PostgreSQL loader, and the Redshift dialect through it, against the tests' real PostgreSQL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { PostgresLoader } from "../../engine/destinations/postgres/loader.js";
import { destinationConformance, type StoredRow } from "../support/destination-conformance.js";

const dbName = `dest_pg_${process.pid}`;
let admin: URL;
let reader: pg.Client;

beforeAll(async () => {
  admin = new URL(inject("postgresAdminUrl"));
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists ${dbName}`);
  await c.query(`create database ${dbName}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  reader = new pg.Client({ connectionString: url.toString() });
  await reader.connect();
});

afterAll(async () => {
  await reader?.end();
});

function config(overrides: Partial<{ password: string; database: string }> = {}) {
  return {
    host: `${admin.hostname}:${admin.port}`,
    username: decodeURIComponent(admin.username),
    password: overrides.password ?? decodeURIComponent(admin.password),
    database: overrides.database ?? dbName,
  };
}

async function readRows(table: string): Promise<StoredRow[]> {
  const r = await reader.query(`select * from "${table}"`);
  return r.rows.map((row) => ({
    account: row._account_id,
    date: row.date instanceof Date ? row.date.toISOString().slice(0, 10) : row.date,
    campaign: row.campaign,
    clicks: row.clicks,
    cost: row.cost,
    extra: row.extra,
  }));
}

// The embedded server trusts local connections, so a wrong password is not refused: an unknown
// database is what the server refuses here.
for (const type of ["postgres", "redshift"] as const) {
  destinationConformance(type === "postgres" ? "PostgreSQL" : "Redshift dialect on PostgreSQL", {
    kind: "sql",
    open: async () => new PostgresLoader(config(), type),
    openRefused: async () => new PostgresLoader(config({ database: "no_such_database" }), type),
    readRows,
  });
}

describe("PostgreSQL loader types", () => {
  it("creates typed columns and a partition index", async () => {
    const loader = new PostgresLoader(config());
    const { demoTable } = await import("../support/destination-conformance.js");
    await loader.prepare(demoTable("typed_t"));
    await loader.close();
    const cols = await reader.query(
      `select column_name, data_type from information_schema.columns where table_name = 'typed_t' order by ordinal_position`,
    );
    expect(cols.rows.map((r) => `${r.column_name}:${r.data_type}`)).toEqual([
      "_account_id:text",
      "date:date",
      "campaign:text",
      "clicks:double precision",
      "cost:double precision",
    ]);
    const idx = await reader.query(`select indexdef from pg_indexes where tablename = 'typed_t'`);
    expect(idx.rows[0].indexdef).toContain("(_account_id, date)");
  });
});
