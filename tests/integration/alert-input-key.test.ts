// Decision 0894: an alert whose inputs (definition, rows read, snapshots, day) are those of its last
// evaluation is not evaluated again. These tests prove the skip is never visible: a skipped alert
// holds the results a full evaluation would give, at every instant of two days and for every kind
// of alert, and anything that can change a result (new rows, a new day, an edited definition, a
// notification still owed) evaluates it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DB } from "../../db/connection.js";
import { setSnooze, updateSentry, type StoredDefinition } from "../../db/repositories/alerts.js";
import { resetReadCache } from "../../db/repositories/read-cache.js";
import { createDemoConnector } from "../../engine/connectors/demo/connector.js";
import type { Connector } from "../../engine/core/types.js";
import { resetEnvCache } from "../../lib/env.js";
import { createAlertActivities } from "../../temporal/activities/alerts.js";
import { activityDeps } from "../../temporal/activities/deps.js";
import { createTestDatabase } from "../support/database.js";
import { makeAlert, makeMonitoredCompany, request, thresholdDefinition } from "../support/alerts.js";

let db: DB;
let drop: () => Promise<void>;
let clock = new Date("2026-11-18T10:30:00Z");
const mails: string[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  resetEnvCache();
});
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await drop();
});

function activities(connector: Connector = createDemoConnector({ now: () => clock })) {
  return createAlertActivities(activityDeps({ db, now: () => clock, getConnector: () => connector, sendMail: async (m: { to: string }) => void mails.push(m.to), postSlack: async () => ({}), appUrl: "http://app.test" }));
}

/** Marks the stored results as stale: an evaluation rewrites them all, a skipped alert keeps the mark. */
async function markStale(configuredForId: number) {
  await db.updateTable("alertResults").set({ digest: "stale" }).where("configuredForId", "=", configuredForId).execute();
}
async function skipped(configuredForId: number): Promise<boolean> {
  const rows = await db.selectFrom("alertResults").select("digest").where("configuredForId", "=", configuredForId).execute();
  expect(rows.length).toBeGreaterThan(0);
  const stale = rows.filter((r) => r.digest === "stale").length;
  // All or nothing: an evaluated alert rewrites every result whose digest differs.
  expect([0, rows.length]).toContain(stale);
  return stale > 0;
}

/** What a result holds, without the row's bookkeeping: comparable between two alerts. */
async function contentOf(configuredForId: number) {
  const { rows } = await sql<{ key: string; status: string; result: string; still: boolean; name: string }>`
    select identification_key as key, last_status as status, last_result as result, still_changing as still, identifier_name as name
    from alert_results where configured_for_id = ${configuredForId} order by identification_key`.execute(db);
  return rows;
}

const trend = (accountId: string, dataSourceId: number): StoredDefinition => ({
  variables: [{ type: "metric", alertType: "trend", alertValue: [{ operator: "sum", trendValue: 5, trendType: "above", metric: "clicks", duringTime1: "yesterday", duringTime2: "7_days" }], calculatedFields: [], breakdown: null }],
  requests: request(accountId, dataSourceId, "CAMPAIGN"),
});

describe("alerts whose inputs did not change are not evaluated again", () => {
  it("gives, at every instant of two days, the results a full evaluation gives", async () => {
    const { company, dataSource } = await makeMonitoredCompany(db);
    const definitions: { definition: StoredDefinition; type?: "metric" | "kpi" | "pacing" }[] = [
      { definition: thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }) },
      { definition: thresholdDefinition("demo-paris", dataSource.id, 50_000, { during: "30_days", metric: "impressions" }) },
      { definition: thresholdDefinition("demo-paris", dataSource.id, 3, { during: "4_hour", metric: "clicks" }) },
      { definition: thresholdDefinition("demo-paris", dataSource.id, 10, { during: "lifetime" }) },
      { definition: trend("demo-paris", dataSource.id) },
      { definition: { variables: [{ type: "kpi", kpi: "campaign_status", operator: "equal", value: "ENABLED" }], requests: request("demo-paris", dataSource.id, "CAMPAIGN") }, type: "kpi" },
      { definition: { variables: [{ type: "pacing", period: "start_of_month", metric: "cost", thresholds: { above: 1 } }], requests: request("demo-paris", dataSource.id, "ACCOUNT") }, type: "pacing" },
    ];
    // Each definition twice: `kept` may be skipped, `forced` is always evaluated (its key cleared).
    const pairs = [];
    for (const [i, d] of definitions.entries()) {
      const kept = await makeAlert(db, company.id, dataSource.id, d.definition, { type: d.type, title: `Kept ${i}` });
      const forced = await makeAlert(db, company.id, dataSource.id, d.definition, { type: d.type, title: `Forced ${i}` });
      pairs.push({ kept: kept.configuredForId, forced: forced.configuredForId, label: `${d.type ?? "metric"} ${i}` });
    }
    const ids = pairs.flatMap((p) => [p.kept, p.forced]);
    const a = activities();
    expect(await a.evaluateAlertBatch({ configuredForIds: ids })).toMatchObject({ evaluated: ids.length, errors: 0 });
    const start = clock.getTime();
    let skips = 0;
    let evaluations = 0;
    // 50-minute steps over 33 hours: hours and a day go by, the demo platform's today grows.
    for (let step = 1; step <= 40; step++) {
      clock = new Date(start + step * 50 * 60_000);
      for (const p of pairs) await markStale(p.kept);
      await db.updateTable("configuredFors").set({ inputKey: null }).where("id", "in", pairs.map((p) => p.forced)).execute();
      expect(await a.evaluateAlertBatch({ configuredForIds: ids })).toMatchObject({ evaluated: ids.length, errors: 0 });
      for (const p of pairs) {
        if (await skipped(p.kept)) skips++;
        else evaluations++;
        expect(await contentOf(p.kept), `${p.label} at ${clock.toISOString()}`).toEqual(await contentOf(p.forced));
      }
    }
    // Both paths were taken, many times each.
    expect(skips).toBeGreaterThan(40);
    expect(evaluations).toBeGreaterThan(40);
  });

  it("evaluates again when the rows read change, the day changes or the definition is edited", async () => {
    let factor = 1;
    const demo = createDemoConnector({ now: () => clock });
    // The platform's figures as the test says: each read multiplies cost by `factor`.
    const scaled: Connector = {
      ...demo,
      async *read(ctx, req) {
        for await (const page of demo.read(ctx, req)) yield { ...page, rows: page.rows.map((r) => (typeof r.cost === "number" ? { ...r, cost: r.cost * factor } : r)) };
      },
    };
    const a = activities(scaled);
    const { company, dataSource } = await makeMonitoredCompany(db);
    const { sentry, configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    await a.evaluateAlertBatch({ configuredForIds: [configuredForId] });
    const at = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

    at(5);
    await markStale(configuredForId);
    await a.evaluateAlertBatch({ configuredForIds: [configuredForId] });
    expect(await skipped(configuredForId)).toBe(true);

    // New rows: the stored days are dropped (what Refresh data does) and the platform answers more.
    at(5);
    factor = 2;
    await resetReadCache(db, company.id, { dataSourceIds: [dataSource.id] });
    await markStale(configuredForId);
    await a.evaluateAlertBatch({ configuredForIds: [configuredForId] });
    expect(await skipped(configuredForId)).toBe(false);

    // An edited definition.
    at(5);
    await updateSentry(db, company.id, sentry.id, { title: sentry.title, type: "metric", platform: "demo", definition: thresholdDefinition("demo-paris", dataSource.id, 2, { level: "CAMPAIGN" }) });
    await markStale(configuredForId);
    await a.evaluateAlertBatch({ configuredForIds: [configuredForId] });
    expect(await skipped(configuredForId)).toBe(false);

    // The next day.
    at(24 * 60);
    await markStale(configuredForId);
    await a.evaluateAlertBatch({ configuredForIds: [configuredForId] });
    expect(await skipped(configuredForId)).toBe(false);
  });

  it("never skips an alert with a notification still owed (a snooze that ended)", async () => {
    const a = activities();
    const { company, dataSource } = await makeMonitoredCompany(db);
    const { configuredForId } = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1, { level: "CAMPAIGN" }));
    await setSnooze(db, company.id, configuredForId, new Date(clock.getTime() + 30 * 60_000));
    expect(await a.evaluateAlertBatch({ configuredForIds: [configuredForId] })).toMatchObject({ anomalies: 1, notified: 0 });
    const sent = mails.length;
    clock = new Date(clock.getTime() + 60 * 60_000);
    await markStale(configuredForId);
    expect(await a.evaluateAlertBatch({ configuredForIds: [configuredForId] })).toMatchObject({ anomalies: 1, notified: 1 });
    expect(await skipped(configuredForId)).toBe(false);
    expect(mails.length).toBeGreaterThan(sent);
    // Notified: nothing is owed any more, and the same inputs are skipped again.
    clock = new Date(clock.getTime() + 5 * 60_000);
    await markStale(configuredForId);
    expect(await a.evaluateAlertBatch({ configuredForIds: [configuredForId] })).toMatchObject({ anomalies: 1, notified: 0 });
    expect(await skipped(configuredForId)).toBe(true);
  });
});
