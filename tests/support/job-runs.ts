// Waiting on data-stream runs driven through a job's Temporal Schedule.
import type { Client } from "@temporalio/client";
import type { DB } from "../../db/connection.js";
import { listJobLogs } from "../../db/repositories/data-streams.js";
import { jobScheduleId } from "../../temporal/shared.js";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The job's run logs once `count` of them have finished (success set), newest first. */
export async function waitForFinishedRuns(db: DB, companyId: number, jobId: number, count: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { logs } = await listJobLogs(db, companyId, jobId, { offset: 0, limit: 50 });
    const finished = logs.filter((l) => l.success !== null);
    if (finished.length >= count) return finished;
    if (Date.now() > deadline) throw new Error(`only ${finished.length} of ${count} runs finished: ${JSON.stringify(logs)}`);
    await pause(300);
  }
}

/**
 * Resolves once the schedule itself no longer counts a running action. The scheduler learns that
 * its workflow closed through a watcher activity that can lag well behind the run log on a loaded
 * machine; a trigger sent before then is buffered (BUFFER_ONE) until the watcher reports.
 */
export async function waitForScheduleIdle(client: Client, jobId: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { info } = await client.schedule.getHandle(jobScheduleId(jobId)).describe();
    if (info.runningActions.length === 0) return;
    if (Date.now() > deadline) throw new Error(`schedule job:${jobId} still reports ${info.runningActions.length} running action(s)`);
    await pause(300);
  }
}
