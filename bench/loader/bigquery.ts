// The BigQuery loader (engine/destinations/bigquery) on N demo-shaped rows into tests/fakes/bigquery
// run in a child process: the loader side only (rows -> NDJSON file -> upload -> replace script),
// its time and peak RSS. BigQuery itself has no local server here, so these are not BigQuery's
// speeds. Usage: node --import tsx bench/loader/bigquery.ts [rows=1000000]
import { fileURLToPath } from "node:url";
import { fork } from "node:child_process";
import { once } from "node:events";
import { BigQueryLoader } from "../../engine/destinations/bigquery/loader.js";
import { demoTable } from "../../tests/support/destination-conformance.js";
async function main() {
  const N = Number(process.argv[2] ?? 1000000);
  const child = fork(fileURLToPath(new URL("./bigquery-fake-process.ts", import.meta.url)), { execArgv: ["--import", "tsx", "--max-old-space-size=6000"] });
  const [info] = (await once(child, "message")) as [{ url: string; tokenUrl: string; jsonKey: string }];
  const l = new BigQueryLoader({ projectId: "p", datasetId: "d", jsonKey: info.jsonKey, endpoint: info.url, tokenUrl: info.tokenUrl });
  const t = demoTable("big");
  await l.prepare(t);
  const days = Array.from({ length: 100 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10));
  async function* rows() {
    for (let b = 0; b < N / 1000; b++) {
      const out = [];
      for (let i = 0; i < 1000; i++) { const k = b * 1000 + i; out.push({ date: days[k % 100], campaign: `Campaign ${k % 500}`, clicks: k % 97, cost: (k % 1000) / 10 }); }
      yield out;
    }
  }
  let maxRss = 0; const timer = setInterval(() => { maxRss = Math.max(maxRss, process.memoryUsage().rss); }, 25);
  for (const run of ["first load", "re-run"]) {
    maxRss = 0;
    const t0 = performance.now(); let fileDone = 0;
    const r = await l.load({ table: t, scope: { accountId: "a", dateColumn: "date", range: { start: days[0], end: days[99] } }, rows: rows(), onProgress: (n) => { if (n === N && !fileDone) fileDone = performance.now(); } });
    const t1 = performance.now();
    child.send({ count: "big" }); const [c] = (await once(child, "message")) as [{ rows: number }];
    console.log(`${run}: ${r.rows} rows, ${((t1 - t0) / 1000).toFixed(1)} s total (${Math.round(N / ((t1 - t0) / 1000))} rows/s), rows->NDJSON file ${((fileDone - t0) / 1000).toFixed(2)} s (${Math.round(N / ((fileDone - t0) / 1000))} rows/s), loader process peak RSS ${(maxRss / 1e6).toFixed(0)} MB, fake holds ${c.rows}`);
  }
  clearInterval(timer); child.kill();
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
