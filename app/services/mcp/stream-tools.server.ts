// Data streams for assistants: the company's streams and their jobs with each job's latest run,
// a job's recent runs (per account: days, rows read and committed, errors), and Run Now through
// the data-streams service the job page uses (runJobNow: the schedule's trigger, one run queued
// behind a running one). Messages are redacted before they leave; destinations are named, never
// their configuration.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import * as streams from "../../../db/repositories/data-streams.js";
import type { JobLog } from "../../../db/tables/data-streams.js";
import { redact } from "../../../engine/index.js";
import { listStreamRows, runJobNow } from "../data-streams.server.js";
import { addTool, idArg, ToolRefusal, type McpContext } from "./calls.server.js";

const clean = (message: string | null | undefined) => (message ? redact(message).slice(0, 1000) : null);

function runOf(log: JobLog) {
  return {
    run_id: log.id,
    kind: log.kind,
    started_at: log.startedAt.toISOString(),
    ended_at: log.endedAt?.toISOString() ?? null,
    status: log.success === null ? "RUNNING" : log.success ? "SUCCEEDED" : "FAILED",
    requested_days: log.requestedStart ? { start: log.requestedStart, end: log.requestedEnd } : null,
    days_read: log.dateStart ? { start: log.dateStart, end: log.dateEnd } : null,
    rows_read: log.extractedRow || log.numberRow,
    rows_loaded: log.numberRow,
    duration_ms: log.duration,
    message: clean(log.message),
  };
}

async function requireJob(ctx: McpContext, jobId: number) {
  const job = await streams.getJob(ctx.db, ctx.principal.company.id, jobId);
  if (!job) throw new ToolRefusal(`Job ${jobId} is not one of your company's data-stream jobs. Call list_data_streams to see their ids.`);
  return job;
}

export function registerStreamTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: "list_data_streams",
    title: "List data streams",
    description: "Lists the company's data streams (a platform loaded into a destination such as BigQuery or PostgreSQL), their jobs, each job's schedule and its latest run.",
    input: {},
    async run(_args, { db, principal }) {
      const companyId = principal.company.id;
      const [rows, jobs] = await Promise.all([listStreamRows(companyId), streams.listJobs(db, companyId)]);
      const latest = new Map(await Promise.all(jobs.map(async (j) => [j.id, (await streams.listJobLogs(db, companyId, j.id, { offset: 0, limit: 1 })).logs[0]] as const)));
      const data = rows.map((s) => ({
        stream_id: s.id,
        name: s.name,
        platform: s.platform,
        platform_name: s.platformName,
        destination: { name: s.destination, type: s.destinationType },
        jobs: jobs
          .filter((j) => j.datastreamId === s.id)
          .map((j) => {
            const last = latest.get(j.id);
            return {
              job_id: j.id,
              name: j.name,
              status: j.status,
              schedule_cron: j.recurrency,
              date_range: j.date,
              all_accounts_of_source: j.networkAuthorizationId !== null,
              table: j.tableName,
              runs: j.runs,
              last_run: last ? runOf(last) : null,
            };
          }),
      }));
      const lines = data.flatMap((s) => s.jobs.map((j) => `- ${s.name} / ${j.name} (job ${j.job_id}, ${j.status}): ${j.last_run ? `last run ${j.last_run.status} at ${j.last_run.started_at}` : "never run"}`));
      return { text: `${data.length} data stream(s), ${jobs.length} job(s).${lines.length ? `\n${lines.slice(0, 30).join("\n")}` : ""}`, data: { data_streams: data } };
    },
  });

  addTool(server, ctx, {
    name: "list_job_runs",
    title: "List a job's runs",
    description: "Lists the recent runs of one data-stream job, newest first: status, days read, rows read and loaded, and per account the step reached and any error.",
    input: { job_id: idArg("A job id from list_data_streams."), limit: z.number().int().min(1).max(50).default(10) },
    async run({ job_id, limit }, ctx) {
      const job = await requireJob(ctx, job_id);
      const { logs, total } = await streams.listJobLogs(ctx.db, ctx.principal.company.id, job.id, { offset: 0, limit });
      const runs = logs.map((l) => ({
        ...runOf(l),
        accounts: (l.steps ?? []).map((st) => ({ account: st.accountName, step: st.step, success: st.success, rows_loaded: st.numberRow, rows_read: st.extractedRows ?? null, message: clean(st.message) })),
      }));
      const failed = runs.filter((r) => r.status === "FAILED").length;
      return {
        text: `${job.name}: ${total} run(s) in all, ${runs.length} shown, ${failed} of them failed.${runs[0] ? ` Latest: ${runs[0].status} at ${runs[0].started_at}, ${runs[0].rows_loaded} row(s) loaded.` : ""}`,
        data: { job_id: job.id, name: job.name, status: job.status, total_runs: total, runs },
      };
    },
  });

  addTool(server, ctx, {
    name: "run_job_now",
    title: "Run a job now",
    description:
      "ACTION. Starts one run of a data-stream job now (like Run Now on the job page): it reads the platform and loads the destination, counting towards usage. Only call this when the user explicitly asked to run this job, or confirmed it after you proposed it, and pass confirm: true. Follow it with list_job_runs.",
    input: { job_id: idArg("A job id from list_data_streams."), confirm: z.literal(true).describe("Must be true: set it only once the user has asked for this or agreed to it.") },
    action: { idempotent: false, target: ({ job_id }) => `job ${job_id}` },
    async run({ job_id }, ctx) {
      const job = await requireJob(ctx, job_id);
      let started: boolean;
      try {
        started = await runJobNow(ctx.principal.company.id, job.id);
      } catch (error) {
        // Temporal unreachable or the schedule missing: the same answer the job page gives.
        console.error("[mcp] run now failed", redact(error instanceof Error ? error.message : String(error)));
        throw new ToolRefusal(`The run of ${job.name} could not be started right now (the scheduler did not answer). Nothing was started; try again in a few minutes.`);
      }
      if (!started) throw new ToolRefusal(`Job ${job_id} is not one of your company's data-stream jobs.`);
      return {
        text: `A run of ${job.name} has started (or is queued behind the one running). Call list_job_runs with job_id ${job.id} in a minute to see how it went.`,
        data: { job_id: job.id, name: job.name, started: true },
        detail: `started a run of "${job.name}"`,
      };
    },
  });
}
