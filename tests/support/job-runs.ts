// Waiting on data-stream runs driven through a job's Temporal Schedule.
import type { DB } from "../../db/connection.js";
import { listJobLogs } from "../../db/repositories/data-streams.js";

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

