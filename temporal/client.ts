import { DEFAULT_TASK_QUEUE } from "./shared.js";
import { Client, Connection, type WorkflowStartOptions } from "@temporalio/client";
import type * as Workflows from "./workflows/index.js";
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

/** The workflows the worker registers (temporal/workflows/index.ts), by the name Temporal knows them under. */
export type WorkflowName = keyof typeof Workflows;
type WorkflowOf<N extends WorkflowName> = (typeof Workflows)[N];
export type WorkflowArgs<N extends WorkflowName> = Parameters<WorkflowOf<N>>;
type StartOptions<N extends WorkflowName> = Omit<WorkflowStartOptions<WorkflowOf<N>>, "taskQueue"> & { taskQueue?: string };

/**
 * Starts a workflow by a name the compiler checks against the registered workflows, with its
 * arguments checked against that workflow's own signature (a renamed workflow or a changed input
 * fails the typecheck instead of a run). The task queue defaults to the product's.
 */
export function startWorkflow<N extends WorkflowName>(client: Client, name: N, options: StartOptions<N>) {
  return client.workflow.start<WorkflowOf<N>>(name, { taskQueue: temporalTaskQueue(), ...options } as WorkflowStartOptions<WorkflowOf<N>>);
}

/** startWorkflow, then waits for its result. */
export function executeWorkflow<N extends WorkflowName>(client: Client, name: N, options: StartOptions<N>) {
  return client.workflow.execute<WorkflowOf<N>>(name, { taskQueue: temporalTaskQueue(), ...options } as WorkflowStartOptions<WorkflowOf<N>>);
}

/** A Schedule's action that starts this workflow, typed like startWorkflow. */
export function workflowAction<N extends WorkflowName>(name: N, workflowId: string, args: WorkflowArgs<N>) {
  return { type: "startWorkflow" as const, workflowType: name, workflowId, taskQueue: temporalTaskQueue(), args };
}
