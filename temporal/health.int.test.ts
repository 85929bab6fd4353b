import { afterAll, beforeAll, expect, it } from "vitest";
import { inject } from "vitest";
import { Client, Connection } from "@temporalio/client";
import type { Worker } from "@temporalio/worker";
import { createTestDatabase } from "../tests/support/database.js";
import { createWorker } from "./worker.js";
import { healthProbe } from "./workflows/index.js";

let drop: () => Promise<void>;
let worker: Worker;
let running: Promise<void>;
let connection: Connection;

beforeAll(async () => {
  const { db, drop: d } = await createTestDatabase();
  drop = d;
  worker = await createWorker({ db, address: inject("temporalAddress"), taskQueue: "health-test" });
  running = worker.run();
  connection = await Connection.connect({ address: inject("temporalAddress") });
});

afterAll(async () => {
  worker.shutdown();
  await running;
  await connection.close();
  await drop();
});

it("runs a real workflow on the dev server through the worker to the database", async () => {
  const client = new Client({ connection });
  const result = await client.workflow.execute(healthProbe, {
    taskQueue: "health-test",
    workflowId: `health-it-${Date.now()}`,
    args: [{ requestedAt: new Date().toISOString() }],
  });
  expect(result.database).toBe("ok");
  expect(result.workerPid).toBe(process.pid);
});
