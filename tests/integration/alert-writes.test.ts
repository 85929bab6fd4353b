// Issue 20 item 4 (decision 0891): an alert pass writes a result, a history row and a run only when
// something changed. A run that changes nothing is counted on its alert, and the detail page's
// timeline shows it as "analyzed, unchanged" after the run it repeats.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DB } from "../../db/connection.js";
import { getConfiguredFor, listRuns, pruneHistories, updateSentry } from "../../db/repositories/alerts.js";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import { createAlertActivities } from "../../temporal/activities/alerts.js";
import { activityDeps } from "../../temporal/activities/deps.js";
import { fileTestDatabase } from "../support/database.js";
import { makeAlert, makeMonitoredCompany, thresholdDefinition } from "../support/alerts.js";
import { cookiesFrom, formPost, get, settle } from "../support/requests.js";

let db: DB;
let clock = new Date("2026-11-18T10:30:00Z");

const database = fileTestDatabase();
beforeAll(() => {
  db = database.db;
});

async function evaluate(id: number) {
  // The demo platform at the test's clock: its rows only change when the test says so.
  const demo = createDemoConnector({ now: () => clock });
  const a = createAlertActivities(activityDeps({ db, now: () => clock, getConnector: () => demo, sendMail: async () => {}, postSlack: async () => ({}), appUrl: "http://app.test" }));
  return a.evaluateAlertBatch({ configuredForIds: [id] });
}

async function snapshotVersions(dataSourceId: number) {
  const { rows } = await sql<{ key: string; xmin: string }>`select concat_ws('/', scope, entity_key, day, age) as key, xmin::text from alert_day_snapshots where data_source_id = ${dataSourceId} order by 1`.execute(db);
  return rows;
}

/** Each row's transaction id: a row that was not rewritten keeps it. */
async function versions(table: "alert_results" | "alert_runs", configuredForId: number) {
  const { rows } = await sql<{ id: number; xmin: string }>`select id, xmin::text from ${sql.table(table)} where configured_for_id = ${configuredForId} order by id`.execute(db);
  return rows;
}

const count = async (table: "alertHistories" | "alertRuns", configuredForId: number) =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("configuredForId", "=", configuredForId).executeTakeFirstOrThrow()).n);

describe("alert passes write only what changed", () => {
  it("counts an unchanged run instead of writing it, and closes its span when the outcome changes", async () => {
    const { company, user, password, dataSource } = await makeMonitoredCompany(db);
    const { sentry, configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    const first = new Date(clock);
    expect(await evaluate(configuredForId)).toMatchObject({ evaluated: 1, errors: 0 });
    const results = await versions("alert_results", configuredForId);
    expect(results.length).toBeGreaterThan(1);
    expect(await count("alertHistories", configuredForId)).toBe(results.length);
    const runs = await versions("alert_runs", configuredForId);
    expect(runs).toHaveLength(1);
    const snapshots = await snapshotVersions(dataSource.id);
    expect(snapshots.length).toBeGreaterThan(0);

    // Two more runs on the same data: no result rewritten, no history, no run row; the alert's summary moves on.
    for (const minutes of [10, 20]) {
      clock = new Date(first.getTime() + minutes * 60_000);
      expect(await evaluate(configuredForId)).toMatchObject({ evaluated: 1, errors: 0 });
    }
    expect(await versions("alert_results", configuredForId)).toEqual(results);
    expect(await count("alertHistories", configuredForId)).toBe(results.length);
    expect(await versions("alert_runs", configuredForId)).toEqual(runs);
    // The day as reported at its age (decision 0880) is the same too: not rewritten.
    expect(await snapshotVersions(dataSource.id)).toEqual(snapshots);
    expect(await getConfiguredFor(db, company.id, configuredForId)).toMatchObject({ lastAnalyze: clock, status: "ANOMALY" });
    const [newest] = await listRuns(db, company.id, configuredForId);
    expect(newest).toMatchObject({ analyzedAt: first, repeats: 2, until: clock, status: "ANOMALY" });
    const unchangedUntil = new Date(clock);

    // The threshold rises above the spend: a new outcome. The previous run's span is closed on its row.
    const cost = Number((await db.selectFrom("alertResults").select("lastResult").where("configuredForId", "=", configuredForId).execute()).map((r) => JSON.parse(r.lastResult).conditions[0].value).reduce((a, b) => Math.max(a, b), 0));
    await updateSentry(db, company.id, sentry.id, { title: "Spend alert", type: "metric", platform: "demo", definition: thresholdDefinition("demo-paris", dataSource.id, cost * 10, { level: "CAMPAIGN" }) });
    clock = new Date(first.getTime() + 30 * 60_000);
    expect(await evaluate(configuredForId)).toMatchObject({ anomalies: 0 });
    expect(await count("alertHistories", configuredForId)).toBe(2 * results.length);
    const timeline = await listRuns(db, company.id, configuredForId);
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toMatchObject({ analyzedAt: clock, status: "OK", repeats: 0, until: null });
    expect(timeline[1]).toMatchObject({ analyzedAt: first, status: "ANOMALY", repeats: 2, until: unchangedUntil });

    // A failing run is a change too, and the same failure again is counted.
    await updateSentry(db, company.id, sentry.id, { title: "Spend alert", type: "metric", platform: "demo", definition: thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN", metric: "no_such_metric" }) });
    for (const minutes of [40, 50]) {
      clock = new Date(first.getTime() + minutes * 60_000);
      expect(await evaluate(configuredForId)).toMatchObject({ errors: 1 });
    }
    const failed = await listRuns(db, company.id, configuredForId);
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ status: "ERROR", repeats: 1, until: clock });

    // The detail page lists every run: each row with the unchanged runs that followed it.
    const login = await import("~/routes/login");
    const details = await import("~/routes/_app.clients.$clientId.details.$configuredForId");
    const cookie = cookiesFrom(await settle(() => login.action({ request: formPost("/login", { intent: "login", email: user.email, password }), params: {}, context: {} })));
    const page = await settle(() => details.loader({ request: get(`/clients/${dataSource.id}/details/${configuredForId}`, { cookie }), params: { clientId: String(dataSource.id), configuredForId: String(configuredForId) }, context: {} }));
    const data = (await page.json()) as { runs: { status: string; repeats: number; until: string | null }[] };
    expect(data.runs.map((r) => [r.status, r.repeats, r.until])).toEqual([
      ["ERROR", 1, clock.toISOString()],
      ["OK", 0, null],
      ["ANOMALY", 2, unchangedUntil.toISOString()],
    ]);
  });

  it("drops the results of identifications a run no longer sees, and keeps the others untouched", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    const { sentry, configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    clock = new Date("2026-11-20T10:30:00Z");
    await evaluate(configuredForId);
    const campaigns = await versions("alert_results", configuredForId);
    expect(campaigns.length).toBeGreaterThan(1);
    // Watching the account instead: the campaigns' results go, the account's comes.
    await updateSentry(db, company.id, sentry.id, { title: "Spend alert", type: "metric", platform: "demo", definition: thresholdDefinition("demo-paris", dataSource.id, 1) });
    clock = new Date("2026-11-20T10:40:00Z");
    await evaluate(configuredForId);
    const account = await db.selectFrom("alertResults").select(["id", "identifications"]).where("configuredForId", "=", configuredForId).execute();
    expect(account.map((r) => JSON.parse(r.identifications))).toEqual([{ account_id: "demo-paris" }]);
    expect(campaigns.some((c) => c.id === account[0].id)).toBe(false);
    // Another alert's results are not touched by this one's runs.
    const other = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }), { title: "Other" });
    await evaluate(other.configuredForId);
    const others = await versions("alert_results", other.configuredForId);
    clock = new Date("2026-11-20T10:50:00Z");
    await evaluate(configuredForId);
    expect(await versions("alert_results", other.configuredForId)).toEqual(others);
  });

  it("a result stored with a digest of the earlier form is compared by its text once, then carries the new digest", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    const { configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    clock = new Date("2026-11-21T10:30:00Z");
    await evaluate(configuredForId);
    const histories = await count("alertHistories", configuredForId);
    // As an earlier version left them: a digest of another form; the input key forgotten, so the run evaluates.
    await sql`update alert_results set digest = 'legacy-' || id where configured_for_id = ${configuredForId}`.execute(db);
    await db.updateTable("configuredFors").set({ inputKey: null }).where("id", "=", configuredForId).execute();
    const results = await versions("alert_results", configuredForId);
    clock = new Date("2026-11-21T10:40:00Z");
    await evaluate(configuredForId);
    // Same content: no history row and no result rewritten but for its digest.
    expect(await count("alertHistories", configuredForId)).toBe(histories);
    const after = await db.selectFrom("alertResults").select(["id", "digest", "lastAnalyze"]).where("configuredForId", "=", configuredForId).orderBy("id").execute();
    expect(after.map((r) => r.id)).toEqual(results.map((r) => r.id));
    expect(after.every((r) => r.digest?.startsWith("2:") && r.lastAnalyze.getTime() === new Date("2026-11-21T10:30:00Z").getTime())).toBe(true);
    // The next evaluation compares digests only and writes nothing.
    const upgraded = await versions("alert_results", configuredForId);
    await db.updateTable("configuredFors").set({ inputKey: null }).where("id", "=", configuredForId).execute();
    clock = new Date("2026-11-21T10:50:00Z");
    await evaluate(configuredForId);
    expect(await versions("alert_results", configuredForId)).toEqual(upgraded);
  });

  it("keeps the newest histories of each result of the alerts it is given, and only theirs", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    const mine = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    const other = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }), { title: "Other" });
    clock = new Date("2026-11-22T10:30:00Z");
    await evaluate(mine.configuredForId);
    await evaluate(other.configuredForId);
    // Ten older histories for every result of both alerts.
    await sql`insert into alert_histories (company_id, result_id, configured_for_id, analyzed_at, status, result)
      select r.company_id, r.id, r.configured_for_id, r.last_analyze - make_interval(hours => n), 'OK', '{}' from alert_results r, generate_series(1, 10) as n
      where r.configured_for_id in (${mine.configuredForId}, ${other.configuredForId})`.execute(db);
    const perResult = async (id: number) =>
      (await sql<{ n: number; newest: Date }>`select count(*)::int as n, max(analyzed_at) as newest from alert_histories where configured_for_id = ${id} group by result_id`.execute(db)).rows;
    expect((await perResult(mine.configuredForId)).every((r) => r.n === 11)).toBe(true);
    await pruneHistories(db, [mine.configuredForId], 4);
    const kept = await perResult(mine.configuredForId);
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.every((r) => r.n === 4 && r.newest.getTime() === clock.getTime())).toBe(true);
    const oldestKept = (await sql<{ at: Date }>`select min(analyzed_at) as at from alert_histories where configured_for_id = ${mine.configuredForId}`.execute(db)).rows[0].at;
    expect(oldestKept.getTime()).toBe(clock.getTime() - 3 * 3_600_000);
    expect((await perResult(other.configuredForId)).every((r) => r.n === 11)).toBe(true);
  });

  it("existing alerts continue from their newest run after the migration", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    const { configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1));
    clock = new Date("2026-11-19T10:30:00Z");
    await evaluate(configuredForId);
    // As the migration leaves an alert evaluated before it: its newest run known, nothing counted.
    const up = (await import("../../db/migrations/2026112519010_alert_writes_on_change.js")).up;
    await db.updateTable("configuredFors").set({ lastRunId: null }).where("id", "=", configuredForId).execute();
    await sql`alter table configured_fors drop column last_run_id, drop column run_repeats`.execute(db);
    await sql`alter table alert_runs drop column repeats, drop column last_analyzed_at`.execute(db);
    await sql`alter table alert_results drop column digest`.execute(db);
    await up(db);
    const [run] = await listRuns(db, company.id, configuredForId);
    expect((await db.selectFrom("configuredFors").select("lastRunId").where("id", "=", configuredForId).executeTakeFirstOrThrow()).lastRunId).toBe(run.id);
    clock = new Date("2026-11-19T10:40:00Z");
    await evaluate(configuredForId);
    expect(await count("alertRuns", configuredForId)).toBe(1);
    expect((await listRuns(db, company.id, configuredForId))[0]).toMatchObject({ repeats: 1, until: clock });
  });
});
