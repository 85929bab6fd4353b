import { DEFAULT_TASK_QUEUE } from "./shared.js";
import { Client, Connection } from "@temporalio/client";
import { runtimeSettings } from "../lib/env.js";

/** One connection per process; the app reuses it for every start, trigger, signal and query. */
let clientPromise: Promise<Client> | undefined;

export function temporalAddress(): string {
  return runtimeSettings.temporalAddress();
}

export function temporalTaskQueue(): string {
  return runtimeSettings.temporalTaskQueue() ?? DEFAULT_TASK_QUEUE;
}

export function getTemporalClient(): Promise<Client> {
  clientPromise ??= Connection.connect({ address: temporalAddress(), connectTimeout: "5 seconds" })
    .then((connection) => new Client({ connection, namespace: runtimeSettings.temporalNamespace() }))
    .catch((error) => {
      // Do not cache a failure: the server may come up later.
      clientPromise = undefined;
      throw error;
    });
  return clientPromise;
}
