// An integration harness for tests that run workflows on the real Temporal dev server: a fresh
// database, a worker on its own task queue (also the app's TEMPORAL_TASK_QUEUE, so "Check now"
// reaches it) and a client; stop() deletes the given schedules and tears everything down.
import { Client, Connection } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import { inject } from "vitest";
import type { DB } from "../../db/connection.js";
import { createWorker } from "../../temporal/worker.js";
import { WORKER_SCHEDULE_IDS } from "../../temporal/shared.js";
import type { ActivityDeps } from "../../temporal/activities/deps.js";
import { createTestDatabase } from "./database.js";

export type WorkerHarness = { db: DB; client: Client; taskQueue: string; stop(scheduleIds?: readonly string[]): Promise<void> };

/** `getConnector` swaps the engine's connectors (a platform that misbehaves on purpose); `now` fixes the activities' clock. */
export async function startWorkerHarness(prefix: string, opts: { getConnector?: ActivityDeps["getConnector"]; now?: ActivityDeps["now"] } = {}): Promise<WorkerHarness> {
  const taskQueue = `${prefix}-${process.pid}`;
  process.env.TEMPORAL_TASK_QUEUE = taskQueue;
  process.env.TEMPORAL_ADDRESS = inject("temporalAddress");
  const { db, drop } = await createTestDatabase();
  const worker: Worker = await createWorker({ db, address: inject("temporalAddress"), taskQueue, getConnector: opts.getConnector, now: opts.now });
  const running = worker.run();
  const connection = await Connection.connect({ address: inject("temporalAddress") });
  const client = new Client({ connection });
  return {
    db,
    client,
    taskQueue,
    async stop(scheduleIds: readonly string[] = WORKER_SCHEDULE_IDS) {
      for (const id of scheduleIds) await client.schedule.getHandle(id).delete().catch(() => undefined);
      worker.shutdown();
      await running;
      await connection.close();
      await drop();
      delete process.env.TEMPORAL_ADDRESS;
    },
  };
}
