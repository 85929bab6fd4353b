// Where the read cache keeps its rows (decision 0890): the same demo rows (hourly, 4 accounts,
// 8 fields) stored and served several ways, side by side in one run:
//   A. one text value of rows (their JSON text, engine/query/cells.ts) per account x day in
//      PostgreSQL, pglz (the default TOAST compression)
//   B. the same stored uncompressed (STORAGE EXTERNAL)
//   C. the same deflated in Node (zlib level 1), stored as bytea uncompressed      <- kept
//   D. one PostgreSQL row per data row (its values as one text value)
//   E. an embedded columnar file: one Apache Arrow IPC file per account x day on local disk
// (lz4 TOAST compression is measured too when the server was built with it.)
// Each: write time, size on disk, and the time to turn every stored row back into the query URL's
// JSON body (read + write as JSON), which is what a cached request pays. Serving is measured in
// rounds that alternate the variants; the median of the rounds is reported.
//
//   node --import tsx bench/read-cache/storage.ts [--rows 100000] [--rounds 5]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { tableFromArrays, tableFromIPC, tableToIPC } from "apache-arrow";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import { DEMO_ACCOUNTS } from "../../engine/connectors/demo/model.js";
import { encodeRow, type CellBlock } from "../../engine/query/cells.js";
import { jsonFormat } from "../../engine/query/formats/json.js";
import type { Column } from "../../engine/query/execute.js";
import type { Row } from "../../engine/core/types.js";
import { createPgPool } from "../../db/pg-clients.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const ROWS = Number(args.get("rows") ?? 100_000);
const ROUNDS = Number(args.get("rounds") ?? 5);
const layout = ["account_id", "ad_group_id", "campaign_id", "clicks", "cost", "date", "hour", "impressions"];
const columns: Column[] = layout.map((id) => ({ id, name: id, type: "dimension", fieldType: "TEXT", aggregation: "NONE" }));

type Partition = { account: string; day: string; rows: Row[]; cells: string };
type Variant = { name: string; writeMs: number; bytes: number; serve: () => Promise<number>; served: number[] };

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
  for await (const chunk of jsonFormat.writeBlocks(columns, blocks)) bytes += chunk.byteLength;
  return bytes;
}

const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rowsOf = (text: string) => (text === "" ? 0 : (text.match(/\},\{"account_id":/g)?.length ?? 0) + 1);

async function main() {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(", ");
  const partitions = await demoPartitions();
  const days = [...new Set(partitions.map((p) => p.day))];
  const rowCount = partitions.reduce((n, p) => n + p.rows.length, 0);
  const cellBytes = partitions.reduce((n, p) => n + Buffer.byteLength(p.cells), 0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-cache-storage-"));
  fs.chmodSync(dir, 0o777);
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  const variants: Variant[] = [];
  try {
    await ensureDatabase(postgres.url("postgres"), "bench");
    const pool = createPgPool({ connectionString: postgres.url("bench"), max: 2 }, { label: "storage bench" });
    const lz4 = await pool.query("select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)").then((r) => r.rowCount === 1);

    const chunkTables: [string, string, "text" | "bytea"][] = [
      ["text per account x day, pglz (default)", "pglz", "text"],
      ...(lz4 ? [["text per account x day, lz4", "lz4", "text"] as [string, string, "text"]] : []),
      ["text per account x day, uncompressed", "external", "text"],
      ["deflated in Node (level 1), bytea uncompressed", "external", "bytea"],
    ];
    for (const [i, [name, storage, type]] of chunkTables.entries()) {
      const table = `chunks_${i}`;
      await pool.query(`create table ${table} (account text, day text, cells ${type}, primary key (account, day))`);
      if (storage === "lz4") await pool.query(`alter table ${table} alter column cells set compression lz4`);
      if (storage === "external") await pool.query(`alter table ${table} alter column cells set storage external`);
      const started = process.hrtime.bigint();
      for (let j = 0; j < partitions.length; j += 50) {
        const batch = partitions.slice(j, j + 50);
        await pool.query(`insert into ${table} select * from unnest($1::text[], $2::text[], $3::${type}[])`, [
          batch.map((p) => p.account),
          batch.map((p) => p.day),
          batch.map((p) => (type === "bytea" ? zlib.deflateRawSync(p.cells, { level: 1 }) : p.cells)),
        ]);
      }
      const writeMs = since(started);
      await pool.query(`vacuum analyze ${table}`);
      const bytes = Number((await pool.query(`select pg_total_relation_size('${table}') as n`)).rows[0].n);
      variants.push({
        name,
        writeMs,
        bytes,
        served: [],
        serve: async () => {
          async function* blocks(): AsyncGenerator<CellBlock> {
            for (let k = 0; k < days.length; k += 8) {
              const { rows } = await pool.query(`select cells from ${table} where day = any($1::text[]) order by day, account`, [days.slice(k, k + 8)]);
              for (const r of rows) {
                const cells: string = type === "bytea" ? zlib.inflateRawSync(r.cells).toString("utf8") : r.cells;
                yield { layout, text: cells, rows: rowsOf(cells) };
              }
            }
          }
          return jsonBytes(blocks());
        },
      });
    }

    await pool.query("create table cache_rows (account text, day text, seq int, cells text, primary key (account, day, seq))");
    let started = process.hrtime.bigint();
    const flat = partitions.flatMap((p) => p.rows.map((r, seq) => [p.account, p.day, seq, encodeRow(r, layout)] as const));
    for (let j = 0; j < flat.length; j += 5_000) {
      const batch = flat.slice(j, j + 5_000);
      await pool.query("insert into cache_rows select * from unnest($1::text[], $2::text[], $3::int[], $4::text[])", [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2]), batch.map((r) => r[3])]);
    }
    const rowWriteMs = since(started);
    await pool.query("vacuum analyze cache_rows");
    variants.push({
      name: "one PostgreSQL row per data row",
      writeMs: rowWriteMs,
      bytes: Number((await pool.query("select pg_total_relation_size('cache_rows') as n")).rows[0].n),
      served: [],
      serve: async () => {
        async function* blocks(): AsyncGenerator<CellBlock> {
          for (let k = 0; k < days.length; k += 8) {
            const { rows } = await pool.query("select cells from cache_rows where day = any($1::text[]) order by day, account, seq", [days.slice(k, k + 8)]);
            yield { layout, text: rows.map((r) => r.cells).join(""), rows: rows.length };
          }
        }
        return jsonBytes(blocks());
      },
    });

    const arrowDir = path.join(dir, "arrow");
    fs.mkdirSync(arrowDir);
    started = process.hrtime.bigint();
    for (const p of partitions) {
      const table = tableFromArrays(Object.fromEntries(layout.map((id) => [id, p.rows.map((r) => r[id])])) as Record<string, never>) as ReturnType<typeof tableFromArrays>;
      fs.writeFileSync(path.join(arrowDir, `${p.day}_${p.account}.arrow`), tableToIPC(table, "file"));
    }
    const arrowWriteMs = since(started);
    variants.push({
      name: "Arrow IPC file per account x day (local disk)",
      writeMs: arrowWriteMs,
      bytes: fs.readdirSync(arrowDir).reduce((n, f) => n + fs.statSync(path.join(arrowDir, f)).size, 0),
      served: [],
      serve: async () => {
        async function* blocks(): AsyncGenerator<CellBlock> {
          for (const f of fs.readdirSync(arrowDir).sort()) {
            const table = tableFromIPC(fs.readFileSync(path.join(arrowDir, f)));
            const vectors = layout.map((id) => table.getChild(id)!.toArray() as ArrayLike<unknown>);
            let text = "";
            for (let r = 0; r < table.numRows; r++) text += encodeRow(Object.fromEntries(layout.map((id, i) => [id, (typeof vectors[i][r] === "bigint" ? Number(vectors[i][r]) : (vectors[i][r] ?? null)) as Row[string]])), layout);
            yield { layout, text, rows: table.numRows };
          }
        }
        return jsonBytes(blocks());
      },
    });

    // Warm-up, then rounds that alternate the variants.
    for (const v of variants) await v.serve();
    let body = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        const t = process.hrtime.bigint();
        body = await v.serve();
        v.served.push(since(t));
      }
    }
    await pool.end();

    const out = [
      `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores; load average at the start: ${loadAtStart}, at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}.`,
      `${rowCount.toLocaleString("en")} rows in ${partitions.length} partitions, ${(cellBytes / 1e6).toFixed(1)} MB of encoded rows, JSON body ${(body / 1e6).toFixed(1)} MB; lz4 TOAST available: ${lz4}; median of ${ROUNDS} alternating rounds.`,
      "",
      "| storage | write | size on disk | read + JSON body (median) | min - max |",
      "| --- | ---: | ---: | ---: | ---: |",
      ...variants.map(
        (v, i) =>
          `| ${String.fromCharCode(65 + i)}. ${v.name} | ${v.writeMs.toFixed(0)} ms | ${(v.bytes / 1e6).toFixed(1)} MB | ${median(v.served).toFixed(0)} ms | ${Math.min(...v.served).toFixed(0)} - ${Math.max(...v.served).toFixed(0)} ms |`,
      ),
    ].join("\n");
    console.log(out);
    fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "last-storage.md"), out + "\n");
  } finally {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
