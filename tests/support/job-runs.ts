// Waiting on data-stream runs driven through a job's Temporal Schedule.
import type { DB } from "../../db/connection.js";
import { listJobLogs, type JobInput } from "../../db/repositories/data-streams.js";

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

/** What createJob takes, with test defaults: the demo campaigns report into a table partitioned by date, CUSTOM 2024-01-01..07, no schedule to speak of. */
export function jobRow(over: Partial<JobInput> & Pick<JobInput, "datastreamId" | "tableName" | "dataSourceIds">): JobInput {
  return {
    name: "Daily campaigns",
    recurrency: "0 0 1 1 *",
    date: "CUSTOM",
    startDate: "2024-01-01",
    endDate: "2024-01-07",
    hasToBeInitialized: false,
    dateInitialization: null,
    startDateInitialization: null,
    endDateInitialization: null,
    shouldRunAllEvenIfFailed: false,
    networkAuthorizationId: null,
    fields: { date: "date", campaign_name: "campaign", clicks: "clicks" },
    options: { report: "campaigns" },
    partitionFieldId: "date",
    dataType: null,
    ...over,
  };
}
