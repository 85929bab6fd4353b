/**
 * Types shared by workflows, activities and the app's client calls. Workflows import only this
 * and activity types: no database, no engine, no Node built-ins (they run in Temporal's sandbox).
 */
export const DEFAULT_TASK_QUEUE = "signalpost";

export type HealthProbeInput = { requestedAt: string };
export type HealthProbeResult = { database: "ok"; checkedAt: string; workerPid: number };
