import { Client, Connection } from "@temporalio/client";
import { DEFAULT_TASK_QUEUE } from "./shared.js";

/** One connection per process; the app reuses it for every start, trigger, signal and query. */
let clientPromise: Promise<Client> | undefined;

export function temporalAddress(): string {
  return process.env.TEMPORAL_ADDRESS || "127.0.0.1:7233";
}

export function temporalTaskQueue(): string {
  return process.env.TEMPORAL_TASK_QUEUE || DEFAULT_TASK_QUEUE;
}

export function getTemporalClient(): Promise<Client> {
  clientPromise ??= Connection.connect({ address: temporalAddress(), connectTimeout: "5 seconds" })
    .then((connection) => new Client({ connection, namespace: process.env.TEMPORAL_NAMESPACE || "default" }))
    .catch((error) => {
      // Do not cache a failure: the server may come up later.
      clientPromise = undefined;
      throw error;
    });
  return clientPromise;
}
