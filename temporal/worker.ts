import path from "node:path";
import { fileURLToPath } from "node:url";
import { NativeConnection, Worker } from "@temporalio/worker";
import { createDb, type DB } from "../db/connection.js";
import { createActivities } from "./activities/index.js";
import { activityDeps, type ActivityDeps } from "./activities/deps.js";
import { installProcessGuards } from "../lib/process-guards.js";
import { redact } from "../engine/index.js";
import { DEFAULT_TASK_QUEUE } from "./shared.js";
import { getTemporalClient } from "./client.js";
import { reconcileJobSchedules } from "./schedules.js";
import { runtimeSettings } from "../lib/env.js";

export const workflowsPath = path.join(path.dirname(fileURLToPath(import.meta.url)), "workflows", "index.ts");

/** The workflow code a worker runs: a bundle built beforehand when one is configured, else the sources. */
export function workflowSource(): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const codePath = runtimeSettings.temporalWorkflowBundle();
  return codePath ? { workflowBundle: { codePath } } : { workflowsPath };
}

/** Builds a worker with its dependencies injected; tests call this with their own db and address. */
export async function createWorker(opts: { db: DB; address: string; taskQueue?: string; namespace?: string; getConnector?: ActivityDeps["getConnector"]; now?: ActivityDeps["now"] }): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: opts.address });
  return Worker.create({
    connection,
    namespace: opts.namespace ?? "default",
    taskQueue: opts.taskQueue ?? DEFAULT_TASK_QUEUE,
    ...workflowSource(),
    activities: createActivities(activityDeps({ db: opts.db, ...(opts.getConnector && { getConnector: opts.getConnector }), ...(opts.now && { now: opts.now }) })),
  });
}

async function main() {
  // One run's forgotten promise must not stop every other run this worker serves (decision 0800).
  installProcessGuards("worker", { redact });
  const databaseUrl = runtimeSettings.databaseUrl();
  if (!databaseUrl) throw new Error("DATABASE_URL is required for the worker");
  const db = createDb(databaseUrl);
  const worker = await createWorker({
    db,
    address: runtimeSettings.temporalAddress(),
    taskQueue: runtimeSettings.temporalTaskQueue() ?? DEFAULT_TASK_QUEUE,
    namespace: runtimeSettings.temporalNamespace(),
  });
  // Monitoring schedules (issue 7): created once, idempotently; a failure must not stop the worker.
  await import("./alert-schedules.js")
    .then(async ({ ensureAlertSchedules }) => ensureAlertSchedules(await (await import("./client.js")).getTemporalClient()))
    .catch((error) => console.error("[worker] alert schedules not ensured:", error));
  await import("./rate-schedules.js")
    .then(async ({ ensureExchangeRateSchedule }) => ensureExchangeRateSchedule(await getTemporalClient()))
    .catch((error) => console.error("[worker] exchange-rate schedule not ensured:", error));
  // Jobs created while Temporal was unreachable (or seeded) get their Schedule now.
  const jobs = await db.selectFrom("datastreamJobs").select(["id", "companyId", "recurrency"]).execute();
  const created = await getTemporalClient()
    .then((client) => reconcileJobSchedules(client, jobs))
    .catch((error) => {
      console.error("[worker] could not reconcile job schedules", error);
      return 0;
    });
  if (created > 0) console.log(`[worker] created ${created} missing job schedule(s)`);
  console.log(`[worker] polling task queue ${runtimeSettings.temporalTaskQueue() ?? DEFAULT_TASK_QUEUE}`);
  await worker.run();
  await db.destroy();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error("[worker] fatal:", error);
    process.exit(1);
  });
}
