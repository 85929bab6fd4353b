// A Temporal worker process for the fault test (tests/integration/data-stream-fault.test.ts): the
// real workflows and activities, with the demo connector slowed down (pages of 5 rows, 120 ms apart)
// and the destination instrumented, writing progress markers to FAULT_MARKERS so the test can kill
// this process at a chosen point.
import fs from "node:fs";
import { NativeConnection, Worker } from "@temporalio/worker";
import { createDb } from "../../db/connection.js";
import { getConnector } from "../../engine/connectors/registry.js";
import type { Connector, RowPage } from "../../engine/core/types.js";
import { ObjectStoreLoader } from "../../engine/destinations/object-store.js";
import type { DestinationLoader } from "../../engine/destinations/types.js";
import { openConfiguredDestination } from "../../server/destination-endpoints.js";
import { createActivities } from "../../temporal/activities/index.js";
import { activityDeps } from "../../temporal/activities/deps.js";
import { workflowSource } from "../../temporal/worker.js";

const markers = process.env.FAULT_MARKERS!;
const mark = (line: string) => fs.appendFileSync(markers, `${process.pid} ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function slowDemo(): Connector {
  const demo = getConnector("demo");
  return {
    ...demo,
    async *read(ctx, req): AsyncIterable<RowPage> {
      let page = 0;
      for await (const p of demo.read(ctx, req)) {
        for (let i = 0; i < p.rows.length; i += 5) {
          await sleep(120);
          page++;
          mark(`extract ${req.accounts[0]!.id} page ${page}`);
          yield { rows: p.rows.slice(i, i + 5) };
        }
      }
      mark(`extract-done ${req.accounts[0]!.id}`);
    },
  };
}

async function instrumented(type: string, config: Record<string, string>): Promise<DestinationLoader> {
  const loader = await openConfiguredDestination(type, config);
  if (loader instanceof ObjectStoreLoader) {
    const store = loader.store;
    const put = store.put.bind(store);
    store.put = async (key, body, contentType) => {
      mark(`put ${key}`);
      await sleep(250);
      await put(key, body, contentType);
      mark(`put-done ${key}`);
    };
  }
  const load = loader.load.bind(loader);
  loader.load = async (request) => {
    const result = await load(request);
    mark(`load-done ${request.scope.accountId}`);
    return result;
  };
  return loader;
}

async function main() {
  const db = createDb(process.env.DATABASE_URL!, { max: 4 });
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  const worker = await Worker.create({
    connection,
    taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
    ...workflowSource(),
    activities: createActivities(activityDeps({ db, getConnector: () => slowDemo(), openDestination: instrumented })),
  });
  mark("ready");
  await worker.run();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
