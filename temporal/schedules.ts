// A job's recurrency is a Temporal Schedule with id job:{jobId}: created with the job, updated when
// it is edited, paused when it (or all its accounts) is blocked, deleted with it. Run Now is
// trigger(). Ops follow every run in the Temporal Web UI under the schedule's id.
import { ScheduleNotFoundError, ScheduleOverlapPolicy, WorkflowExecutionAlreadyStartedError, type Client } from "@temporalio/client";
import { startWorkflow, workflowAction } from "./client.js";
import { jobInitWorkflowId, jobScheduleId, type InitializeJobInput } from "./shared.js";

export type JobScheduleSpec = { companyId: number; jobId: number; recurrency: string; paused?: boolean; note?: string };

function action(spec: JobScheduleSpec) {
  // Temporal suffixes scheduled workflow ids with the start time: job-run:12-2026-11-22T00:00:00Z.
  return workflowAction("runJob", `job-run:${spec.jobId}`, [{ companyId: spec.companyId, jobId: spec.jobId }]);
}

export async function createJobSchedule(client: Client, spec: JobScheduleSpec): Promise<void> {
  await client.schedule.create({
    scheduleId: jobScheduleId(spec.jobId),
    spec: { cronExpressions: [spec.recurrency] },
    action: action(spec),
    // A run still going when the next is due: skip it (the next run re-reads the same days anyway).
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: "1 hour" },
    state: { paused: spec.paused ?? false, note: spec.note },
  });
}

export async function updateJobSchedule(client: Client, spec: JobScheduleSpec): Promise<void> {
  const handle = client.schedule.getHandle(jobScheduleId(spec.jobId));
  try {
    await handle.update((prev) => ({ ...prev, spec: { cronExpressions: [spec.recurrency] }, action: action(spec) }));
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return createJobSchedule(client, spec);
    throw error;
  }
}

/** The note of a schedule paused because every account of its job is blocked (unblocking one resumes it). */
export const ALL_BLOCKED_NOTE = "Every account of this job is blocked.";

/** Paused state and note (the reason), or undefined when the schedule is missing. */
export async function jobSchedulePause(client: Client, jobId: number): Promise<{ paused: boolean; note: string | undefined } | undefined> {
  try {
    const d = await client.schedule.getHandle(jobScheduleId(jobId)).describe();
    return { paused: d.state.paused, note: d.state.note };
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return undefined;
    throw error;
  }
}

export async function pauseJobSchedule(client: Client, jobId: number, note: string): Promise<void> {
  await client.schedule.getHandle(jobScheduleId(jobId)).pause(note);
}

export async function unpauseJobSchedule(client: Client, jobId: number, note: string): Promise<void> {
  await client.schedule.getHandle(jobScheduleId(jobId)).unpause(note);
}

/** Run Now: one run at once, queued behind a running one rather than dropped. */
export async function triggerJob(client: Client, jobId: number): Promise<void> {
  await client.schedule.getHandle(jobScheduleId(jobId)).trigger(ScheduleOverlapPolicy.BUFFER_ONE);
}

/** Deleting a job deletes its schedule and stops its backfill; missing ones are fine. */
export async function deleteJobSchedule(client: Client, jobId: number): Promise<void> {
  try {
    await client.schedule.getHandle(jobScheduleId(jobId)).delete();
  } catch (error) {
    if (!(error instanceof ScheduleNotFoundError)) throw error;
  }
  try {
    await client.workflow.getHandle(jobInitWorkflowId(jobId)).terminate("job deleted");
  } catch {
    // No backfill running (never started, or finished): nothing to stop.
  }
}

export async function startInitialization(client: Client, input: InitializeJobInput): Promise<void> {
  try {
    await startWorkflow(client, "initializeJob", { workflowId: jobInitWorkflowId(input.jobId), args: [input] });
  } catch (error) {
    // Already running: the backfill in flight covers the same period.
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Next run times (for the job list), or [] when the schedule is paused or missing. */
export async function nextRuns(client: Client, jobId: number): Promise<{ next: Date | null; paused: boolean; running: number }> {
  try {
    const d = await client.schedule.getHandle(jobScheduleId(jobId)).describe();
    // running: the schedule's workflows still going (Run Now and scheduled runs; not backfills).
    return { next: d.info.nextActionTimes[0] ?? null, paused: d.state.paused, running: d.info.runningActions.length };
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) return { next: null, paused: false, running: 0 };
    throw error;
  }
}

/**
 * Creates the Schedule of every job that has none (jobs seeded or created while Temporal was
 * unreachable). The worker runs it at start; existing schedules are left as they are.
 */
export async function reconcileJobSchedules(client: Client, jobs: { companyId: number; id: number; recurrency: string }[]): Promise<number> {
  let created = 0;
  for (const job of jobs) {
    try {
      await client.schedule.getHandle(jobScheduleId(job.id)).describe();
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
      await createJobSchedule(client, { companyId: job.companyId, jobId: job.id, recurrency: job.recurrency });
      created++;
    }
  }
  return created;
}
