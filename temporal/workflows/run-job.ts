// One run of a data-stream job (scheduled, or Run Now through the schedule's trigger): per account,
// extract then load, each account one activity that heartbeats while it streams. Deterministic:
// only activity calls, no I/O here. Ids in, counts out; credentials never pass through.
import { ApplicationFailure, continueAsNew, proxyActivities, workflowInfo } from "@temporalio/workflow";
import type { Activities } from "../activities/index.js";
import type { DateRangeInput, InitializeJobInput, RunJobInput, RunJobResult } from "../shared.js";

const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: "1 minute",
  retry: { maximumAttempts: 10, initialInterval: "1 second", nonRetryableErrorTypes: ["config"] },
});

/** A slice streams a whole account-range; the heartbeat (every page) is what detects a dead worker. */
function sliceActivities(heartbeatSeconds = 60) {
  return proxyActivities<Activities>({
    startToCloseTimeout: "2 hours",
    heartbeatTimeout: `${heartbeatSeconds} seconds`,
    retry: { maximumAttempts: 5, initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "5 minutes", nonRetryableErrorTypes: ["config"] },
  });
}

function messageOf(error: unknown): string {
  let e = error as { message?: string; cause?: unknown } | undefined;
  // ActivityFailure wraps the ApplicationFailure that carries the activity's own message.
  while (e?.cause) e = e.cause as { message?: string; cause?: unknown };
  return e?.message ?? String(error);
}

async function runSlices(
  input: { companyId: number; jobId: number; heartbeatSeconds?: number },
  kind: "run" | "backfill",
  requestId: string,
  range?: DateRangeInput,
): Promise<RunJobResult & { message: string | null }> {
  const slices = sliceActivities(input.heartbeatSeconds);
  const plan = await bookkeeping.planJobRun({ companyId: input.companyId, jobId: input.jobId, requestId, kind, range });
  let rows = 0;
  let failed = 0;
  const messages: string[] = [];
  for (const account of plan.accounts) {
    try {
      const r = await slices.runAccountSlice({ companyId: input.companyId, jobId: input.jobId, logId: plan.logId, requestId, dataSourceId: account.dataSourceId, range: account.range });
      rows += r.rows;
    } catch (error) {
      failed++;
      messages.push(messageOf(error));
      if (!plan.shouldRunAllEvenIfFailed) break;
    }
  }
  const success = failed === 0 && !plan.allBlocked;
  const message = plan.allBlocked
    ? "Every account of this job is blocked."
    : failed > 0
      ? messages.join(" | ")
      : plan.skipped > 0
        ? `${plan.skipped} blocked account(s) skipped.`
        : null;
  await bookkeeping.finishJobRun({ companyId: input.companyId, jobId: input.jobId, logId: plan.logId, kind, success, message, allBlocked: plan.allBlocked });
  return { rows, failedAccounts: failed, accounts: plan.accounts.length, message };
}

/**
 * The key of a run's log: the same across activity retries, replays and continueAsNew, different
 * for every execution. The workflow id alone is not enough: a schedule names what it starts
 * {id}-{second}, so two Run Now within one second (or one right after a run that ended in that
 * second) share it, and the second run's log would merge into the first's.
 */
function runKey(): string {
  const info = workflowInfo();
  return `${info.workflowId}/${info.firstExecutionRunId}`;
}

export async function runJob(input: RunJobInput): Promise<RunJobResult> {
  const result = await runSlices(input, "run", runKey());
  if (result.failedAccounts > 0) throw ApplicationFailure.nonRetryable(result.message ?? "The run failed.", "run_failed");
  return { rows: result.rows, failedAccounts: result.failedAccounts, accounts: result.accounts };
}

/** Chunks handled by one workflow execution before continueAsNew keeps the history short. */
export const CHUNKS_PER_EXECUTION = 20;

/** The backfill over the initialization period, in date chunks, oldest first. */
export async function initializeJob(input: InitializeJobInput): Promise<{ chunks: number; rows: number }> {
  const chunkDays = input.chunkDays ?? 30;
  const chunks = input.chunks ?? (await bookkeeping.planInitialization({ companyId: input.companyId, jobId: input.jobId, chunkDays })).chunks;
  let done = input.done ?? 0;
  let rows = 0;
  for (let i = 0; i < chunks.length; i++) {
    if (i >= CHUNKS_PER_EXECUTION) {
      await continueAsNew<typeof initializeJob>({ ...input, chunks: chunks.slice(i), chunkDays, done });
    }
    const chunk = chunks[i]!;
    const r = await runSlices(input, "backfill", `${runKey()}:${chunk.start}`, chunk);
    rows += r.rows;
    done++;
  }
  await bookkeeping.markInitialized({ companyId: input.companyId, jobId: input.jobId });
  return { chunks: done, rows };
}
