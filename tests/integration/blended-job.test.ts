// A data-stream job over cross-platform ads (decision 0933) on the real Temporal dev server: its
// runs load the normalized rows of demo and two faked ad platforms (Reddit Ads, Pinterest Ads)
// into a real PostgreSQL destination, with converted money, totals equal to the cross-platform
// query URL's, exactly once run after run, each account a step of the job log.
import type { Client } from "@temporalio/client";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { PgClient } from "../../db/pg-clients.js";
import { createDatastream, createJob } from "../../db/repositories/data-streams.js";
import { createDestination } from "../../db/repositories/destinations.js";
import { setReportingCurrency, upsertRates } from "../../db/repositories/exchange-rates.js";
import { blendablePlatforms, BLENDED_PLATFORM } from "../../engine/index.js";
import type { RunningFake } from "../../engine/connectors/contract-fixture.js";
import { resetEnvCache } from "../../lib/env.js";
import { createJobSchedule, deleteJobSchedule, triggerJob } from "../../temporal/schedules.js";
import { workingDayRates } from "../fakes/ecb/server.js";
import { makeAgency, startFakedAds, type Agency } from "../support/blended-agency.js";
import { demoJobInput } from "../support/factories.js";
import { createDestinationDatabase } from "../support/destination-database.js";
import { waitForFinishedRuns } from "../support/job-runs.js";
import { startWorkerHarness, type WorkerHarness } from "../support/worker-harness.js";

const destDb = `dest_blended_${process.pid}`;
const RANGE = { start: "2025-03-01", end: "2025-03-04" };

let harness: WorkerHarness;
let db: DB;
let client: Client;
let reader: pg.Client;
let destination: Record<string, string>;
let agency: Agency;
const fakes: RunningFake[] = [];
const env: Record<string, string | undefined> = { ...process.env };

beforeAll(async () => {
  const faked = await startFakedAds();
  fakes.push(...faked.fakes);
  // The worker runs in this process and reads the product's environment, as in production.
  Object.assign(process.env, faked.env);
  Object.assign(env, faked.env);
  resetEnvCache();
  harness = await startWorkerHarness("blended-jobs");
  ({ db, client } = harness);
  const created = await createDestinationDatabase(destDb);
  destination = created.config;
  reader = new PgClient({ connectionString: created.url.toString() });
  await reader.connect();
  const rates = workingDayRates("2025-02-17", "2025-03-10");
  await upsertRates(db, Object.entries(rates).flatMap(([day, byCurrency]) => Object.entries(byCurrency).map(([currency, rate]) => ({ day, currency, rate }))));
  agency = await makeAgency(db);
  await setReportingCurrency(db, agency.company.id, "EUR");
});

afterAll(async () => {
  await reader?.end();
  await harness?.stop();
  for (const fake of fakes) await fake.close();
});

const FIELDS = ["date", "platform", "account_id", "account_name", "account_currency", "account_timezone", "campaign_name", "reporting_currency", "exchange_rate", "rate_date", "conversion_note", "spend", "spend_converted", "clicks"];

async function adsAccountIds(companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .select("dataSources.id")
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.platform", "in", ["demo", "reddit-ads", "pinterest-ads"])
    .orderBy("dataSources.id")
    .execute();
  return rows.map((r) => r.id);
}

type Totals = Record<string, { rows: number; spend: number; converted: number; clicks: number }>;

const round = (n: number) => Math.round(n * 1e4) / 1e4;

async function loadedTotals(table: string): Promise<Totals> {
  const r = await reader.query(
    `select _account_id as scope, platform || '/' || account_id as account, count(*)::int as n, coalesce(sum(spend), 0)::float as spend, coalesce(sum(spend_converted), 0)::float as converted, coalesce(sum(clicks), 0)::float as clicks from "${table}" group by 1, 2 order by 2`,
  );
  const out: Totals = {};
  for (const row of r.rows as { scope: string; account: string; n: number; spend: number; converted: number; clicks: number }[]) {
    // The slice a run replaces is the platform's account: its scope says both.
    expect(row.scope).toBe(row.account.replace("/", ":"));
    out[row.account] = { rows: row.n, spend: round(row.spend), converted: round(row.converted), clicks: round(row.clicks) };
  }
  return out;
}

async function queryUrlTotals(): Promise<Totals> {
  const service = await import("~/services/query-url.server");
  const search = new URLSearchParams({
    apikey: agency.apikey,
    platform: BLENDED_PLATFORM,
    date: "CUSTOM",
    start_date: RANGE.start,
    end_date: RANGE.end,
    dimensions: "date,platform,account_id,account_name,account_currency,account_timezone,campaign_name",
    metrics: "spend,clicks",
    accounts: JSON.stringify(agency.refs()),
  });
  const res = await service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${search}`), { db, env });
  const body = (await res.json()) as { data: Record<string, string | number | null>[] };
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  const out: Totals = {};
  for (const row of body.data) {
    const key = `${row.platform}/${row.account_id}`;
    const t = (out[key] ??= { rows: 0, spend: 0, converted: 0, clicks: 0 });
    t.rows += 1;
    t.spend += Number(row.spend ?? 0);
    t.converted += Number(row.spend_converted ?? 0);
    t.clicks += Number(row.clicks ?? 0);
  }
  for (const t of Object.values(out)) Object.assign(t, { spend: round(t.spend), converted: round(t.converted), clicks: round(t.clicks) });
  return out;
}

describe("a job over cross-platform ads", () => {
  it("loads the normalized rows of every chosen ads account, totals equal to the query URL's, exactly once run after run", async () => {
    const { company } = agency;
    const dest = await createDestination(db, company.id, { name: "Warehouse", type: "postgres", config: destination });
    const stream = await createDatastream(db, company.id, { name: "All ads to warehouse", platform: BLENDED_PLATFORM, destinationId: dest.id });
    const accounts = await adsAccountIds(company.id);
    expect(accounts).toHaveLength(6);
    const job = await createJob(
      db,
      company.id,
      demoJobInput({
        datastreamId: stream.id,
        name: "Cross-platform campaigns",
        startDate: RANGE.start,
        endDate: RANGE.end,
        fields: Object.fromEntries(FIELDS.map((f) => [f, f])),
        options: {},
        tableName: "all_ads",
        accountPlatforms: blendablePlatforms(),
        dataSourceIds: accounts,
      }),
    );
    await createJobSchedule(client, { companyId: company.id, jobId: job.id, recurrency: job.recurrency });
    try {
      await triggerJob(client, job.id);
      const [first] = await waitForFinishedRuns(db, company.id, job.id, 1, 240_000);
      expect(first!.success, first!.message ?? "").toBe(true);
      // One step per account, each with its rows.
      expect(first!.steps).toHaveLength(6);
      expect(first!.steps.every((s) => s.success === true && s.step === "END_PROCESS" && s.numberRow > 0)).toBe(true);

      const loaded = await loadedTotals("all_ads");
      const expected = await queryUrlTotals();
      expect(Object.keys(loaded).sort()).toEqual(["demo/demo-paris", "demo/demo-tokyo", "pinterest-ads/549755885175", "pinterest-ads/549755885176", "reddit-ads/t2_signal_ber", "reddit-ads/t2_signal_ny"]);
      expect(loaded).toEqual(expected);
      expect(first!.numberRow).toBe(Object.values(loaded).reduce((n, t) => n + t.rows, 0));

      // Every row converted into euros at its day's rate, the rate's day kept.
      const check = await reader.query(`select account_currency, reporting_currency, exchange_rate::float as rate, rate_date::text as rate_date, spend::float as spend, spend_converted::float as converted from all_ads`);
      for (const row of check.rows as { account_currency: string; reporting_currency: string; rate: number; rate_date: string; spend: number; converted: number }[]) {
        expect(row.reporting_currency).toBe("EUR");
        expect(row.rate_date).toMatch(/^2025-02-28|2025-03-0[1-4]$/);
        expect(row.converted).toBeCloseTo(Math.round(row.spend * row.rate * 100) / 100, 2);
      }

      // Run Now again: the same slices are replaced, nothing is duplicated.
      await triggerJob(client, job.id);
      const runs = await waitForFinishedRuns(db, company.id, job.id, 2, 240_000);
      expect(runs.map((r) => r.success)).toEqual([true, true]);
      expect(await loadedTotals("all_ads")).toEqual(loaded);
    } finally {
      await deleteJobSchedule(client, job.id);
    }
  }, 600_000);
});
