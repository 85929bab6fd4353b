// The two references of the query-URL benchmark, each run as its own process so its memory is
// measured alone:
//   bytes <file> : a bare node:http server answering every request with the same precomputed bytes
//   pg            : a bare pg query of the bench_rows table, JSON.stringify'd, the naive way
import fs from "node:fs";
import http from "node:http";
import { createPgPool } from "../../db/pg-clients.js";

const [mode, arg] = process.argv.slice(2);
const port = Number(process.env.PORT);

if (mode === "bytes") {
  const body = fs.readFileSync(arg);
  const type = arg.endsWith(".csv") ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
  http
    .createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": type, "Content-Length": body.length });
      res.end(body);
    })
    .listen(port, "127.0.0.1", () => console.log("ready"));
} else if (mode === "pg") {
  const pool = createPgPool({ connectionString: process.env.DATABASE_URL, max: 4 }, { label: "bench pg reference" });
  http
    .createServer(async (req, res) => {
      const limit = Number(new URL(req.url ?? "/", "http://x").searchParams.get("rows")) || 100_000;
      const { rows } = await pool.query("select date, hour, account_id, campaign_id, ad_group_id, impressions, clicks, cost from bench_rows order by id limit $1", [limit]);
      const body = JSON.stringify({ data: rows });
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    })
    .listen(port, "127.0.0.1", () => console.log("ready"));
} else {
  console.error("usage: reference-servers.ts bytes <file> | pg");
  process.exit(2);
}
