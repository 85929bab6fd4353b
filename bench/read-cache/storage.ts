// Where the read cache keeps its rows (decision 0890): the same 100k demo rows (hourly, 4
// accounts, 8 fields) stored and served four ways, side by side in one run:
//   A. one text value of encoded cells per account x day in PostgreSQL (pglz, the default TOAST compression)
//   B. the same with lz4 compression
//   C. the same stored uncompressed (STORAGE EXTERNAL)
//   D. one PostgreSQL row per data row (the cells of the row as one text value)
//   E. an embedded columnar file: one Apache Arrow IPC file per account x day on local disk
// Each: write time, size on disk, and the time to turn every stored row back into the query URL's
// JSON body (read + write as JSON), which is what a cached request pays.
//
//   node --import tsx bench/read-cache/storage.ts [--rows 100000]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tableFromArrays, tableFromIPC, tableToIPC } from "apache-arrow";
import zlib from "node:zlib";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { CELL_END, encodeRow, type CellBlock } from "../../engine/query/cells.js";
import { jsonFormat } from "../../engine/query/formats/json.js";
import type { Column } from "../../engine/query/execute.js";
import type { Row } from "../../engine/core/types.js";
import { createPgPool } from "../../db/pg-clients.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const ROWS = Number(args.get("rows") ?? 100_000);
const layout = ["account_id", "ad_group_id", "campaign_id", "clicks", "cost", "date", "hour", "impressions"];
const columns: Column[] = layout.map((id) => ({ id, name: id, type: "dimension", fieldType: "TEXT", aggregation: "NONE" }));

type Partition = { account: string; day: string; rows: Row[]; cells: string };

async function demoPartitions(): Promise<Partition[]> {
  const connector = createDemoConnector({ now: () => new Date("2026-01-01T00:00:00Z") });
  const out: Partition[] = [];
  let total = 0;
  for (let d = 0; total < ROWS; d++) {
    const day = new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
    for (const account of DEMO_ACCOUNTS) {
      const rows: Row[] = [];
      for await (const page of connector.read({} as never, { accounts: [account], fields: layout, range: { start: day, end: day }, granularity: "hour" })) rows.push(...page.rows);
      out.push({ account: account.id, day, rows, cells: rows.map((r) => encodeRow(r, layout)).join("") });
      total += rows.length;
    }
  }
  return out;
}

async function jsonBytes(blocks: AsyncIterable<CellBlock>): Promise<number> {
  let bytes = 0;
  for await (const chunk of jsonFormat.writeBlocks(columns, blocks)) bytes += Buffer.byteLength(chunk);
  return bytes;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main() {
  const partitions = await demoPartitions();
  const rowCount = partitions.reduce((n, p) => n + p.rows.length, 0);
  const cellBytes = partitions.reduce((n, p) => n + Buffer.byteLength(p.cells), 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-cache-storage-"));
  fs.chmodSync(dir, 0o777);
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  const results: string[] = [];
  try {
    await ensureDatabase(postgres.url("postgres"), "bench");
    const pool = createPgPool({ connectionString: postgres.url("bench"), max: 2 }, { label: "storage bench" });
    const lz4 = await pool.query("select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)").then((r) => r.rowCount === 1);

    for (const variant of ["pglz", ...(lz4 ? ["lz4"] : []), "uncompressed", "deflate level 1 in Node, stored uncompressed"]) {
      const deflated = variant.startsWith("deflate");
      await pool.query("drop table if exists chunks");
      await pool.query(`create table chunks (account text, day text, cells ${deflated ? "bytea" : "text"}, primary key (account, day))`);
      if (variant === "lz4") await pool.query("alter table chunks alter column cells set compression lz4");
      if (variant !== "pglz" && variant !== "lz4") await pool.query("alter table chunks alter column cells set storage external");
      let started = process.hrtime.bigint();
      for (let i = 0; i < partitions.length; i += 50) {
        const batch = partitions.slice(i, i + 50);
        await pool.query(`insert into chunks select * from unnest($1::text[], $2::text[], $3::${deflated ? "bytea" : "text"}[])`, [batch.map((p) => p.account), batch.map((p) => p.day), batch.map((p) => (deflated ? zlib.deflateRawSync(p.cells, { level: 1 }) : p.cells))]);
      }
      const writeMs = ms(started);
      await pool.query("vacuum analyze chunks");
      const size = Number((await pool.query("select pg_total_relation_size('chunks') as n")).rows[0].n);
      const serve = async () => {
        started = process.hrtime.bigint();
        const days = [...new Set(partitions.map((p) => p.day))];
        async function* blocks(): AsyncGenerator<CellBlock> {
          for (let i = 0; i < days.length; i += 8) {
            const { rows } = await pool.query("select cells from chunks where day = any($1::text[]) order by day, account", [days.slice(i, i + 8)]);
            for (const r of rows) {
              const cells: string = deflated ? zlib.inflateRawSync(r.cells).toString("utf8") : r.cells;
              yield { layout, cells, rows: (cells.split(CELL_END).length - 1) / layout.length };
            }
          }
        }
        const bytes = await jsonBytes(blocks());
        return { ms: ms(started), bytes };
      };
      await serve();
      const served = await serve();
      results.push(`| ${String.fromCharCode(65 + results.length)}. text per account x day, ${variant} | ${writeMs.toFixed(0)} ms | ${(size / 1e6).toFixed(1)} MB | ${served.ms.toFixed(0)} ms | ${(served.bytes / 1e6).toFixed(1)} MB |`);
    }

    await pool.query("drop table if exists cache_rows");
    await pool.query("create table cache_rows (account text, day text, seq int, cells text, primary key (account, day, seq))");
    let started = process.hrtime.bigint();
    const flat = partitions.flatMap((p) => p.rows.map((r, seq) => [p.account, p.day, seq, encodeRow(r, layout)] as const));
    for (let i = 0; i < flat.length; i += 5_000) {
      const batch = flat.slice(i, i + 5_000);
      await pool.query("insert into cache_rows select * from unnest($1::text[], $2::text[], $3::int[], $4::text[])", [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2]), batch.map((r) => r[3])]);
    }
    const rowWriteMs = ms(started);
    await pool.query("vacuum analyze cache_rows");
    const rowSize = Number((await pool.query("select pg_total_relation_size('cache_rows') as n")).rows[0].n);
    const serveRows = async () => {
      started = process.hrtime.bigint();
      const days = [...new Set(partitions.map((p) => p.day))];
      async function* blocks(): AsyncGenerator<CellBlock> {
        for (let i = 0; i < days.length; i += 8) {
          const { rows } = await pool.query("select cells from cache_rows where day = any($1::text[]) order by day, account, seq", [days.slice(i, i + 8)]);
          yield { layout, cells: rows.map((r) => r.cells).join(""), rows: rows.length };
        }
      }
      const bytes = await jsonBytes(blocks());
      return { ms: ms(started), bytes };
    };
    await serveRows();
    const rowServed = await serveRows();
    results.push(`| ${String.fromCharCode(65 + results.length)}. one PostgreSQL row per data row | ${rowWriteMs.toFixed(0)} ms | ${(rowSize / 1e6).toFixed(1)} MB | ${rowServed.ms.toFixed(0)} ms | ${(rowServed.bytes / 1e6).toFixed(1)} MB |`);
    await pool.end();

    // E: Arrow IPC files, one per partition, on local disk; served by reading each file back and
    // writing its columns as JSON cells.
    const arrowDir = path.join(dir, "arrow");
    fs.mkdirSync(arrowDir);
    started = process.hrtime.bigint();
    for (const p of partitions) {
      const table = tableFromArrays(Object.fromEntries(layout.map((id) => [id, p.rows.map((r) => r[id])])) as Record<string, never>) as ReturnType<typeof tableFromArrays>;
      fs.writeFileSync(path.join(arrowDir, `${p.day}_${p.account}.arrow`), tableToIPC(table, "file"));
    }
    const arrowWriteMs = ms(started);
    const arrowSize = fs.readdirSync(arrowDir).reduce((n, f) => n + fs.statSync(path.join(arrowDir, f)).size, 0);
    const serveArrow = async () => {
      started = process.hrtime.bigint();
      async function* blocks(): AsyncGenerator<CellBlock> {
        for (const f of fs.readdirSync(arrowDir).sort()) {
          const table = tableFromIPC(fs.readFileSync(path.join(arrowDir, f)));
          const vectors = layout.map((id) => table.getChild(id)!.toArray() as ArrayLike<unknown>);
          let cells = "";
          for (let r = 0; r < table.numRows; r++) for (const v of vectors) cells += JSON.stringify(typeof v[r] === "bigint" ? Number(v[r]) : (v[r] ?? null)) + CELL_END;
          yield { layout, cells, rows: table.numRows };
        }
      }
      const bytes = await jsonBytes(blocks());
      return { ms: ms(started), bytes };
    };
    await serveArrow();
    const arrowServed = await serveArrow();
    results.push(`| ${String.fromCharCode(65 + results.length)}. Arrow IPC file per account x day (local disk) | ${arrowWriteMs.toFixed(0)} ms | ${(arrowSize / 1e6).toFixed(1)} MB | ${arrowServed.ms.toFixed(0)} ms | ${(arrowServed.bytes / 1e6).toFixed(1)} MB |`);

    console.log(
      [
        `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`,
        `${rowCount.toLocaleString("en")} rows in ${partitions.length} partitions, ${(cellBytes / 1e6).toFixed(1)} MB of encoded cells; lz4 available: ${lz4}`,
        "",
        "| storage | write | size on disk | read + JSON body | body |",
        "| --- | ---: | ---: | ---: | ---: |",
        ...results,
      ].join("\n"),
    );
  } finally {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
