// evaluateAlerts on the real Temporal dev server: batches of configured alerts (not one workflow
// per alert), the immediate run after creation, and the hourly schedule.
import { Client, Connection } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inject } from "vitest";
import type { DB } from "../../db/connection.js";
import { getConfiguredFor, listRuns } from "../../db/repositories/alerts.js";
import { ensureAlertSchedules, triggerAlertEvaluation } from "../../temporal/alert-schedules.js";
import { ALERT_SCHEDULE_ID } from "../../temporal/shared.js";
import { createWorker } from "../../temporal/worker.js";
import { createTestDatabase } from "../support/database.js";
import { makeAlert, makeMonitoredCompany, thresholdDefinition } from "../support/alerts.js";

const taskQueue = `alerts-${process.pid}`;
process.env.TEMPORAL_TASK_QUEUE = taskQueue;

let db: DB;
let drop: () => Promise<void>;
let worker: Worker;
let running: Promise<void>;
let connection: Connection;
let client: Client;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  worker = await createWorker({ db, address: inject("temporalAddress"), taskQueue });
  running = worker.run();
  connection = await Connection.connect({ address: inject("temporalAddress") });
  client = new Client({ connection });
});
afterAll(async () => {
  try {
    await client.schedule.getHandle(ALERT_SCHEDULE_ID).delete();
  } catch {
    // Not created when the schedule test failed early.
  }
  worker.shutdown();
  await running;
  await connection.close();
  await drop();
});

it("evaluates a new alert right away, then every due alert of a company in batches", async () => {
  const { company, dataSource } = await makeMonitoredCompany(db);
  const first = await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1));
  await triggerAlertEvaluation(client, [first.configuredForId]);
  await expect.poll(async () => (await getConfiguredFor(db, company.id, first.configuredForId))?.status, { timeout: 20_000 }).toBe("ANOMALY");

  const more = [];
  for (let i = 0; i < 7; i++) more.push(await makeAlert(db, company.id, dataSource.id, thresholdDefinition("demo-paris", dataSource.id, 1e12), { title: `Quiet ${i}` }));
  const result = await client.workflow.execute("evaluateAlerts", { taskQueue, workflowId: `alerts-it-${Date.now()}`, args: [{ companyId: company.id, batchSize: 3, parallelBatches: 2 }] });
  // All 8 were due (the first one was analysed before this run started).
  expect(result).toEqual({ evaluated: 8, anomalies: 1, errors: 0, notified: 0 });
  for (const m of more) expect((await getConfiguredFor(db, company.id, m.configuredForId))?.status).toBe("OK");
  // Evaluated twice: the second run, with the same outcome, is counted on the first (decision 0891).
  const runs = await listRuns(db, company.id, first.configuredForId);
  expect(runs.map((r) => [r.status, r.repeats])).toEqual([["ANOMALY", 1]]);
});

it("creates the hourly evaluation schedule idempotently", async () => {
  await ensureAlertSchedules(client);
  await ensureAlertSchedules(client);
  const description = await client.schedule.getHandle(ALERT_SCHEDULE_ID).describe();
  expect(description.action).toMatchObject({ type: "startWorkflow", workflowType: "evaluateAlerts" });
});
