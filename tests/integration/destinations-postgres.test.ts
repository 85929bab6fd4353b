// The PostgreSQL loader, and the Redshift dialect through it, against the tests' real PostgreSQL.
import type pg from "pg";
import { PgClient, withPgClient } from "../../db/pg-clients.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { PostgresLoader } from "../../engine/destinations/postgres/loader.js";
import { outboundGuard } from "../../lib/outbound/guard.js";
import { destinationConformance, type StoredRow } from "../support/destination-conformance.js";

const dbName = `dest_pg_${process.pid}`;
let admin: URL;
let reader: pg.Client;

beforeAll(async () => {
  admin = new URL(inject("postgresAdminUrl"));
  await withPgClient(admin.toString(), async (c) => {
    await c.query(`drop database if exists ${dbName}`);
    await c.query(`create database ${dbName}`);
  });
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  reader = new PgClient({ connectionString: url.toString() });
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
    outbound: outboundGuard(),
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

describe("PostgreSQL re-runs replace days as multisets", () => {
  const days = ["2024-05-01", "2024-05-02", "2024-05-03"];
  const scope = (accountId: string) => ({ accountId, dateColumn: "date", range: { start: days[0]!, end: days[2]! } });
  const multiset = async (table: string, account: string) =>
    (await reader.query(`select to_char(date, 'YYYY-MM-DD') as d, campaign, clicks, cost from "${table}" where _account_id = $1 order by 1, 2, 3, 4`, [account])).rows.map(
      (r) => `${r.d}|${r.campaign}|${r.clicks}|${r.cost}`,
    );

  it("ends each day with exactly the run's rows: duplicates counted, unchanged and revised days, a day seen again later", async () => {
    const { demoTable, demoRows } = await import("../support/destination-conformance.js");
    const table = demoTable("stage_t");
      // (the rows arrive grouped by day, as connectors read them)
    const loader = new PostgresLoader(config());
    try {
      await loader.prepare(table);
      const dup = demoRows([days[0]!], 1)[0]!;
      await loader.load({ table, scope: scope("acc-1"), rows: [[...demoRows(days, 2), dup]] });
      await loader.load({ table, scope: scope("acc-2"), rows: [demoRows(days, 1, 5)] });

      // Re-run: day 0 loses one of its duplicate rows, day 1 is identical, day 2 has revised clicks.
      const next = [...demoRows([days[0]!, days[1]!], 2), ...demoRows([days[2]!], 2, 3)];
      const result = await loader.load({ table, scope: scope("acc-1"), rows: [next] });
      expect(result).toEqual({ rows: 6, partitions: 3 });
      expect(await multiset("stage_t", "acc-1")).toEqual(next.map((r) => `${r.date}|${r.campaign}|${r.clicks}|${r.cost}`).sort());
      // The other account is untouched.
      expect(await multiset("stage_t", "acc-2")).toHaveLength(3);

      // A repeated identical run.
      await loader.load({ table, scope: scope("acc-1"), rows: [next] });
      expect(await multiset("stage_t", "acc-1")).toHaveLength(6);

      // A day seen again after the stream moved on ends with exactly the run's rows.
      const extra = { ...demoRows([days[1]!], 1, 9)[0]! };
      await loader.load({ table, scope: scope("acc-1"), rows: [[...next, extra]] });
      expect(await multiset("stage_t", "acc-1")).toEqual([...next, extra].map((r) => `${r.date}|${r.campaign}|${r.clicks}|${r.cost}`).sort());

      // A run with no rows for the scope empties it.
      await loader.load({ table, scope: scope("acc-1"), rows: [[]] });
      expect(await multiset("stage_t", "acc-1")).toEqual([]);
    } finally {
      await loader.close();
    }
  });

  it("replaces an undated table's account as one partition", async () => {
    const { describeTable } = await import("../../engine/destinations/index.js");
    const table = describeTable({ name: "stage_undated", fields: [{ name: "campaign", fieldType: "TEXT" }, { name: "clicks", fieldType: "NUMBER" }], partitionColumns: [] });
    const loader = new PostgresLoader(config());
    try {
      await loader.prepare(table);
      const rows = [{ campaign: "a", clicks: 1 }, { campaign: "b", clicks: null }];
      await loader.load({ table, scope: { accountId: "acc-1" }, rows: [rows] });
      await loader.load({ table, scope: { accountId: "acc-1" }, rows: [rows] });
      expect((await reader.query(`select count(*)::int as n from stage_undated`)).rows[0].n).toBe(2);
      await loader.load({ table, scope: { accountId: "acc-1" }, rows: [[{ campaign: "b", clicks: 2 }]] });
      expect((await reader.query(`select campaign, clicks from stage_undated`)).rows).toEqual([{ campaign: "b", clicks: 2 }]);
    } finally {
      await loader.close();
    }
  });
});
