// bench/read-cache: a day of Looker Studio-like traffic replayed against the product's query
// service (answerQueryUrl, the function /addons/query and /api/request both answer with), on the
// Google Ads connector talking HTTP to its local fake (engine/connectors/google-ads/fake.ts), once without the
// read cache and once with it, and the requests that reached the platform counted.
//
// The dashboard: 8 charts on two Google Ads accounts, opened 20 times between 08:00 and 17:30
// (Paris), each opening asking for its 8 charts at once as Looker Studio does. The viewers change
// what they look at during the day: openings 6-10 add a campaign filter control (Looker Studio
// then asks every chart for campaign_name as well, and filters the rows itself), openings 11-15
// switch the date control from the last 28 days to the last 7, openings 16-20 come back.
//
//   node --import tsx bench/read-cache/looker-studio-replay.ts [--day 2026-11-24]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { createDb, type DB } from "../../db/connection.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createCompany, revealApiKey } from "../../db/repositories/companies.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { readCacheUsage } from "../../db/repositories/read-cache.js";
import { settleMaintenance } from "../../server/read-cache/index.js";
import { contract } from "../../engine/connectors/google-ads/contract.js";
import { CUSTOMERS, type GoogleAdsFake } from "../../engine/connectors/google-ads/fake.js";
import { ensureDatabase, startEmbeddedPostgres } from "../../scripts/runtime/postgres.js";
import { freePort } from "../../scripts/runtime/ports.js";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
const DAY = args.get("day") ?? "2026-11-24";
const ZONE = "Europe/Paris";

type Chart = { name: string; dimensions: string[]; metrics: string[] };
const CHARTS: Chart[] = [
  { name: "Scorecard: cost", dimensions: [], metrics: ["cost"] },
  { name: "Scorecard: clicks", dimensions: [], metrics: ["clicks"] },
  { name: "Scorecard: conversions", dimensions: [], metrics: ["conversions"] },
  { name: "Scorecard: CTR", dimensions: [], metrics: ["ctr"] },
  { name: "Time series: clicks and cost", dimensions: ["date"], metrics: ["clicks", "cost"] },
  { name: "Time series: conversions", dimensions: ["date"], metrics: ["conversions"] },
  { name: "Table: campaigns", dimensions: ["campaign_name"], metrics: ["impressions", "clicks", "cost", "conversions"] },
  { name: "Pie: cost by campaign", dimensions: ["campaign_name"], metrics: ["cost"] },
];

type Opening = { at: Date; days: 28 | 7; campaignFilter: boolean };

function openings(): Opening[] {
  const start = DateTime.fromISO(`${DAY}T08:00:00`, { zone: ZONE });
  return Array.from({ length: 20 }, (_, i) => ({
    at: start.plus({ minutes: 30 * i }).toJSDate(),
    days: i >= 10 && i < 15 ? 7 : 28,
    campaignFilter: i >= 5 && i < 10,
  }));
}

/** Looker Studio's getData request for a chart, as Code.gs sends it (date range = the control's days, ending yesterday). */
function chartQuery(chart: Chart, opening: Opening, accounts: string, apikey: string): string {
  const today = DateTime.fromJSDate(opening.at, { zone: ZONE }).startOf("day");
  const dimensions = opening.campaignFilter && !chart.dimensions.includes("campaign_name") ? [...chart.dimensions, "campaign_name"] : chart.dimensions;
  return `http://localhost/api/request?${new URLSearchParams({
    platform: "google-ads",
    metrics: chart.metrics.join(","),
    dimensions: dimensions.join(","),
    date: "CUSTOM",
    start_date: today.minus({ days: opening.days }).toFormat("yyyy-MM-dd"),
    end_date: today.minus({ days: 1 }).toFormat("yyyy-MM-dd"),
    accounts,
    options_report: "campaign",
    format: "json",
    apikey,
  })}`;
}

type RunResult = { mode: string; apiRequests: number; tokenRequests: number; rows: number; seconds: number; storedMb: number; perOpening: number[] };

async function replay(db: DB, fake: GoogleAdsFake, cached: boolean): Promise<RunResult> {
  const { answerQueryUrl } = await import("../../app/services/query-url.server.js");
  const company = await createCompany(db, { name: cached ? "With cache" : "Without cache" });
  const source = await createNetworkAuthorization(db, company.id, { name: "Google Ads", platform: "google-ads", credential: contract.credential });
  const ids = ["1234567890", "2345678901"];
  for (const id of ids) {
    const customer = CUSTOMERS[id];
    await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId: id, name: customer.name, timezone: customer.timeZone, currency: customer.currency });
  }
  const accounts = JSON.stringify(ids.map((id) => ({ id, authorization_id: source.id })));
  const apikey = revealApiKey(company);
  fake.server.reset();
  const perOpening: number[] = [];
  let rows = 0;
  const started = process.hrtime.bigint();
  for (const opening of openings()) {
    const before = fake.server.requests.length;
    const answers = await Promise.all(
      CHARTS.map(async (chart) => {
        const res = await answerQueryUrl(new Request(chartQuery(chart, opening, accounts, apikey)), { db, now: () => opening.at, readCache: { enabled: cached } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${chart.name}: ${res.status} ${body.slice(0, 300)}`);
        return (JSON.parse(body) as { data: unknown[] }).data.length;
      }),
    );
    rows += answers.reduce((a, b) => a + b, 0);
    perOpening.push(fake.server.requests.slice(before).filter((r) => !r.path.endsWith("/token")).length);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // The company's size check runs after the last fill; it must not find the database gone.
  await settleMaintenance(company.id);
  const all = fake.server.requests;
  const token = all.filter((r) => r.path.endsWith("/token")).length;
  return {
    mode: cached ? "with the read cache" : "without the read cache",
    apiRequests: all.length - token,
    tokenRequests: token,
    rows,
    seconds,
    storedMb: (await readCacheUsage(db, company.id)).bytes / 1024 / 1024,
    perOpening,
  };
}

async function main() {
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(", ");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ls-replay-"));
  fs.chmodSync(dir, 0o777);
  process.env.SIGNALPOST_DATA_DIR = dir;
  const postgres = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  const fake = await contract.startFake!() as GoogleAdsFake;
  try {
    await ensureDatabase(postgres.url("postgres"), "bench");
    const db = createDb(postgres.url("bench"));
    await migrateToLatest(db);
    // The connector reaches the fake through the product's own settings, as in production.
    process.env.GOOGLE_ADS_BASE_URL = fake.baseUrl;
    process.env.GOOGLE_ADS_CLIENT_ID = contract.app!.clientId;
    process.env.GOOGLE_ADS_CLIENT_SECRET = contract.app!.clientSecret;
    process.env.GOOGLE_ADS_DEVELOPER_TOKEN = contract.app!.extra!.developerToken;
    // The fake listens on loopback, which the outbound guard refuses for tenants (decision 0840).
    process.env.OUTBOUND_ALLOW_PRIVATE = "true";
    const without = await replay(db, fake, false);
    const withCache = await replay(db, fake, true);
    const saved = 1 - withCache.apiRequests / without.apiRequests;
    const out = [
      `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores; load average at the start: ${loadAtStart}, at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}.`,
      `Day replayed: ${DAY} (${ZONE}), 20 openings x 8 charts = 160 chart requests on 2 Google Ads accounts; Google Ads restates its last 30 days.`,
      "",
      "| run | requests to Google Ads (API) | token requests | chart rows served | wall time | stored |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...[without, withCache].map((r) => `| ${r.mode} | ${r.apiRequests} | ${r.tokenRequests} | ${r.rows.toLocaleString("en")} | ${r.seconds.toFixed(1)} s | ${r.storedMb.toFixed(2)} MB |`),
      "",
      `Platform requests saved: ${(saved * 100).toFixed(0)} % (${without.apiRequests - withCache.apiRequests} of ${without.apiRequests}).`,
      "",
      "Requests to Google Ads per opening (08:00, 08:30, ... 17:30):",
      "",
      `- without the cache: ${without.perOpening.join(" ")}`,
      `- with the cache: ${withCache.perOpening.join(" ")}`,
    ].join("\n");
    console.log(out);
    fs.writeFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "last-replay.md"), out + "\n");
    // Connection logs are written just after each answer ends: let the last ones land.
    await new Promise((r) => setTimeout(r, 1000));
    await db.destroy();
  } finally {
    await fake.close();
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
