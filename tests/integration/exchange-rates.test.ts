// Currency conversion (issue 22, decision 0930): the ECB reference rates fetched from a local fake
// of the ECB's XML by the activity and by the rates:ecb schedule's workflow on the real Temporal
// dev server, stored with their history, and the query URL's converted columns computed from them.
import { Client, Connection } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { DB } from "../../db/connection.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { createDataSource } from "../../db/repositories/data-sources.js";
import { rateCoverage, ratesBetween, setReportingCurrency, upsertRates } from "../../db/repositories/exchange-rates.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { addDays } from "../../engine/index.js";
import { resetEnvCache } from "../../lib/env.js";
import { activityDeps } from "../../temporal/activities/deps.js";
import { createExchangeRateActivities } from "../../temporal/activities/exchange-rates.js";
import { ensureExchangeRateSchedule } from "../../temporal/rate-schedules.js";
import { EXCHANGE_RATE_SCHEDULE_ID } from "../../temporal/shared.js";
import { createWorker } from "../../temporal/worker.js";
import { startEcbFake, workingDayRates, type EcbFake } from "../fakes/ecb/server.js";
import { createTestDatabase } from "../support/database.js";
import { makeCompanyWithUser } from "../support/factories.js";
import { formPost, get, settle } from "../support/requests.js";
import { routeArgs, sessionCookie } from "../support/routes.js";

let db: DB;
let drop: () => Promise<void>;
let fake: EcbFake;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  // Working days of December 2024 and January 2025; the table ends on Friday 2025-01-31.
  fake = await startEcbFake(workingDayRates("2024-12-02", "2025-01-31"));
});
afterAll(async () => {
  await fake.close();
  await drop();
});

const activities = (now: string) => createExchangeRateActivities(activityDeps({ db, ecbRatesBaseUrl: fake.url, now: () => new Date(now) }));

describe("fetchExchangeRates", () => {
  it("fetches the whole history first, then the last 90 days, and keeps every day", async () => {
    fake.reset();
    const first = await activities("2025-02-01T16:00:00Z").fetchExchangeRates();
    expect(first).toMatchObject({ file: "history", lastDay: "2025-01-31" });
    expect(fake.requests.map((r) => r.path)).toEqual(["/eurofxref-hist.xml"]);
    const days = Object.keys(fake.table);
    expect(await rateCoverage(db)).toMatchObject({ first: "2024-12-02", last: "2025-01-31", days: days.length });
    const stored = await ratesBetween(db, { from: "2024-12-01", to: "2025-02-01", currencies: ["USD", "JPY", "GBP"] });
    expect(stored).toHaveLength(days.length * 3);
    for (const r of stored) expect(r.rate).toBe(fake.table[r.day][r.currency]);

    // The next day: the ECB published Monday's rates and corrected Friday's dollar.
    fake.table["2025-02-03"] = { ...fake.table["2025-01-31"], USD: 1.0401 };
    fake.table["2025-01-31"] = { ...fake.table["2025-01-31"], USD: 1.0399 };
    fake.reset();
    const second = await activities("2025-02-03T16:00:00Z").fetchExchangeRates();
    expect(second).toMatchObject({ file: "last90Days", lastDay: "2025-02-03" });
    expect(fake.requests.map((r) => r.path)).toEqual(["/eurofxref-hist-90d.xml"]);
    // Seven new rates for the new day, one corrected: unchanged rows are not rewritten.
    expect(second.written).toBe(7);
    const usd = await ratesBetween(db, { from: "2025-01-31", to: "2025-02-03", currencies: ["USD"] });
    expect(usd).toEqual([
      { day: "2025-01-31", currency: "USD", rate: 1.0399 },
      { day: "2025-02-03", currency: "USD", rate: 1.0401 },
    ]);
    // History stays: December is still there.
    expect((await rateCoverage(db))?.first).toBe("2024-12-02");
  });

  it("stores nothing when the ECB answers garbage, and says why", async () => {
    const before = await rateCoverage(db);
    fake.once("GET", "/eurofxref-hist-90d.xml", { status: 200, headers: { "content-type": "text/html" }, body: "<html>maintenance</html>" });
    await expect(activities("2025-02-03T16:00:00Z").fetchExchangeRates()).rejects.toThrow("not an ECB reference rate file");
    expect(await rateCoverage(db)).toEqual(before);
  });
});

describe("converted columns of the query URL", () => {
  let service: typeof import("~/services/query-url.server");
  let setup: { apikey: string; sourceId: number; companyId: number };

  beforeAll(async () => {
    resetEnvCache();
    service = await import("~/services/query-url.server");
    const { company } = await makeCompanyWithUser(db);
    const source = await createNetworkAuthorization(db, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" } });
    for (const [accountId, timezone, currency] of [["demo-paris", "Europe/Paris", "EUR"], ["demo-new-york", "America/New_York", "USD"], ["demo-tokyo", "Asia/Tokyo", "JPY"]]) {
      await createDataSource(db, company.id, { networkAuthorizationId: source.id, accountId, name: accountId, timezone, currency });
    }
    setup = { apikey: revealApiKey(company), sourceId: source.id, companyId: company.id };
  });

  async function query(params: Record<string, string>) {
    const search = new URLSearchParams({
      platform: "demo",
      metrics: "clicks,cost,conversion_value",
      date: "CUSTOM",
      accounts: JSON.stringify(["demo-paris", "demo-new-york", "demo-tokyo"].map((id) => ({ id, authorization_id: setup.sourceId }))),
      apikey: setup.apikey,
      ...params,
    });
    const response = await service.answerQueryUrl(new Request(`http://localhost:3000/api/request?${search}`), { db });
    expect(response.status).toBe(200);
    return (await response.json()) as { columns: { id: string }[]; data: Record<string, string | number | null>[] };
  }

  it("adds no column while the company has no reporting currency", async () => {
    await setReportingCurrency(db, setup.companyId, null);
    const body = await query({ dimensions: "date,account_currency", start_date: "2025-01-10", end_date: "2025-01-10" });
    expect(body.columns.map((c) => c.id)).toEqual(["date", "account_currency", "clicks", "cost", "conversion_value"]);
  });

  it("converts each day at that day's rate of the fake, and a week-end day at Friday's", async () => {
    await setReportingCurrency(db, setup.companyId, "GBP");
    // Friday 10 to Monday 13 January 2025.
    const body = await query({ dimensions: "date,account_currency", start_date: "2025-01-10", end_date: "2025-01-13" });
    expect(body.columns.map((c) => c.id)).toEqual([
      "date", "account_currency", "reporting_currency", "exchange_rate", "rate_date", "conversion_note",
      "clicks", "cost", "cost_converted", "conversion_value", "conversion_value_converted",
    ]);
    expect(body.data.length).toBeGreaterThanOrEqual(12);
    const euro = (currency: string, day: string) => (currency === "EUR" ? 1 : fake.table[day][currency]);
    for (const row of body.data) {
      const day = row.date as string;
      const rateDay = day === "2025-01-11" || day === "2025-01-12" ? "2025-01-10" : day;
      const factor = euro("GBP", rateDay) / euro(row.account_currency as string, rateDay);
      expect(row.rate_date).toBe(rateDay);
      expect(row.reporting_currency).toBe("GBP");
      expect(row.exchange_rate).toBeCloseTo(factor, 8);
      expect(row.cost_converted).toBe(Math.round((row.cost as number) * factor * 100) / 100);
      expect(row.conversion_value_converted).toBe(Math.round((row.conversion_value as number) * factor * 100) / 100);
      expect(row.conversion_note).toBeNull();
    }
  });

  it("leaves the converted cell empty and says why when no rate exists for the day", async () => {
    await setReportingCurrency(db, setup.companyId, "EUR");
    const lastDay = Object.keys(fake.table).sort().at(-1)!;
    const day = addDays(lastDay, 9);
    const body = await query({ dimensions: "date,account_currency", start_date: day, end_date: day });
    const usd = body.data.find((r) => r.account_currency === "USD")!;
    expect(usd).toMatchObject({ cost_converted: null, exchange_rate: null, rate_date: null, conversion_note: `No ECB rate from USD to EUR on ${day} or in the 7 days before.` });
    expect(usd.cost).toEqual(expect.any(Number));
    // Money already in euros needs no rate.
    const eur = body.data.find((r) => r.account_currency === "EUR")!;
    expect(eur).toMatchObject({ cost_converted: eur.cost, exchange_rate: 1, conversion_note: null });
  });
});

describe("Settings → Currency", () => {
  it("saves a currency the ECB quotes, and refuses anything else without writing", async () => {
    resetEnvCache();
    const route = await import("~/routes/_app.settings.currency");
    const { company, user } = await makeCompanyWithUser(db);
    const cookie = await sessionCookie(user.id);
    const current = async () => (await db.selectFrom("companies").select("reportingCurrency").where("id", "=", company.id).executeTakeFirstOrThrow()).reportingCurrency;

    await upsertRates(db, [{ day: "2025-02-03", currency: "USD", rate: 1.0401 }]);
    const page = await (await settle(() => route.loader(routeArgs(get("/settings/currency", { cookie }), {})))).json();
    expect(page.reportingCurrency).toBeNull();
    expect(page.choices.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(["EUR", "USD", "JPY", "GBP"]));
    expect(page.coverage).toMatchObject({ last: "2025-02-03" });

    const saved = await settle(() => route.action(routeArgs(formPost("/settings/currency", { currency: "USD" }, { cookie }), {})));
    expect(saved.status).toBe(302);
    expect(await current()).toBe("USD");

    for (const hostile of ["XYZ", "usd", "USD'; drop table companies; --", "EURO", "€"]) {
      const refused = await settle(() => route.action(routeArgs(formPost("/settings/currency", { currency: hostile }, { cookie }), {})));
      expect(refused.status, hostile).toBe(400);
      expect(await current()).toBe("USD");
    }
    // Another company's setting is not touched; "No conversion" clears this one.
    const other = await makeCompanyWithUser(db);
    await setReportingCurrency(db, other.company.id, "JPY");
    await settle(() => route.action(routeArgs(formPost("/settings/currency", { currency: "" }, { cookie }), {})));
    expect(await current()).toBeNull();
    expect((await db.selectFrom("companies").select("reportingCurrency").where("id", "=", other.company.id).executeTakeFirstOrThrow()).reportingCurrency).toBe("JPY");
  });
});

describe("the rates:ecb schedule", () => {
  it("runs fetchExchangeRates on the worker, which stores the fake's rates", async () => {
    const fresh = await createTestDatabase();
    const taskQueue = `rates-${process.pid}`;
    process.env.TEMPORAL_TASK_QUEUE = taskQueue;
    const configured = process.env.ECB_RATES_BASE_URL;
    process.env.ECB_RATES_BASE_URL = fake.url;
    resetEnvCache();
    const worker: Worker = await createWorker({ db: fresh.db, address: inject("temporalAddress"), taskQueue });
    const running = worker.run();
    const connection = await Connection.connect({ address: inject("temporalAddress") });
    const client = new Client({ connection });
    try {
      await client.schedule.getHandle(EXCHANGE_RATE_SCHEDULE_ID).delete().catch(() => undefined);
      await ensureExchangeRateSchedule(client);
      // Idempotent: a second worker start leaves the one schedule as it is.
      await ensureExchangeRateSchedule(client);
      const description = await client.schedule.getHandle(EXCHANGE_RATE_SCHEDULE_ID).describe();
      expect(description.spec.timezone).toBe("Europe/Berlin");
      expect(description.action).toMatchObject({ type: "startWorkflow", workflowType: "fetchExchangeRates", taskQueue });
      // The creation triggered a first fetch.
      await expect.poll(async () => (await rateCoverage(fresh.db))?.last, { timeout: 30_000 }).toBe(Object.keys(fake.table).sort().at(-1));
    } finally {
      await client.schedule.getHandle(EXCHANGE_RATE_SCHEDULE_ID).delete().catch(() => undefined);
      worker.shutdown();
      await running;
      await connection.close();
      await fresh.drop();
      if (configured === undefined) delete process.env.ECB_RATES_BASE_URL;
      else process.env.ECB_RATES_BASE_URL = configured;
      resetEnvCache();
    }
  });
});
