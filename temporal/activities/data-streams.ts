// Data-stream activities: plan a run, extract-then-load one account's slice (streaming, heartbeating,
// exactly-once through the destination's partition replace), finish the run, and the bookkeeping of
// backfills and schedules. Workflows pass ids only; credentials are read here and never leave.
import { ApplicationFailure, Context } from "@temporalio/activity";
import type { DB } from "../../db/connection.js";
import { recordConnectionLog } from "../../db/repositories/connection-logs.js";
import { recordAccountUsage } from "../../db/repositories/usage.js";
import { getTemporalClient } from "../client.js";
import { ALL_BLOCKED_NOTE, pauseJobSchedule } from "../schedules.js";
import { finishJobLog, getJob, jobAccounts, recordJobLogStep, startJobLog, updateJobState } from "../../db/repositories/data-streams.js";
import { getDestination, readDestinationConfig } from "../../db/repositories/destinations.js";
import { getNetworkAuthorization, recordSourceError } from "../../db/repositories/network-authorizations.js";
import type { DatastreamJob, JobLogStep } from "../../db/tables/data-streams.js";
import { registry as connectorRegistry } from "../../engine/connectors/registry.js";
import { ConnectorError, EngineError } from "../../engine/core/errors.js";
import { dayCount, resolveDateRange, restatementWindow, splitDateRange } from "../../engine/core/dates.js";
import type { DateRange, Row } from "../../engine/core/types.js";
import { defaultDateColumn, DestinationError, openDestination, type DestinationLoader } from "../../engine/destinations/index.js";
import { jobLoadTable, jobReport } from "../../lib/job-table.js";
import { connectorContextForSource } from "../../lib/source-context.js";
import { storeWhileReading } from "../../server/read-cache/through.js";
import { getEnv } from "../../lib/env.js";
import { checkExtractionAllowed, ExtractionBlockedError } from "../../db/repositories/usage.js";
import type { AccountSliceInput, AccountSliceResult, FinishRunInput, JobRunPlan, PlanRunInput } from "../shared.js";
import type { ActivityDeps } from "./deps.js";

function failure(error: unknown): never {
  if (error instanceof ApplicationFailure) throw error;
  const message = error instanceof Error ? error.message : String(error);
  // config: the user must act (expired token, wrong password, bad table): retrying cannot help.
  const kind = error instanceof ConnectorError || error instanceof DestinationError ? error.kind : error instanceof EngineError ? (error.retryable ? "transient" : "config") : "transient";
  if (kind === "config") throw ApplicationFailure.nonRetryable(message, "config");
  throw ApplicationFailure.retryable(message, kind);
}

/** The date range of a scheduled or manual run: the job's period joined with the restatement window. */
export function runRange(job: Pick<DatastreamJob, "date" | "startDate" | "endDate">, timezone: string, restatementDays: number, now: Date): DateRange {
  const period = resolveDateRange(job.date, { timezone, now, start: job.startDate ?? undefined, end: job.endDate ?? undefined, since: job.startDate ?? undefined });
  if (job.date === "CUSTOM") return period;
  const restate = restatementWindow(restatementDays, { timezone, now });
  return { start: period.start < restate.start ? period.start : restate.start, end: period.end > restate.end ? period.end : restate.end };
}

/** The backfill's whole range (the initialization period), in the first account's timezone. */
export function initializationRange(job: Pick<DatastreamJob, "dateInitialization" | "startDateInitialization" | "endDateInitialization">, timezone: string, now: Date): DateRange | undefined {
  if (!job.dateInitialization) return undefined;
  return resolveDateRange(job.dateInitialization, {
    timezone,
    now,
    start: job.startDateInitialization ?? undefined,
    end: job.endDateInitialization ?? undefined,
    since: job.startDateInitialization ?? undefined,
  });
}

async function loadJobContext(db: DB, companyId: number, jobId: number) {
  const job = await getJob(db, companyId, jobId);
  if (!job) throw ApplicationFailure.nonRetryable(`Job ${jobId} not found`, "config");
  const stream = await db.selectFrom("datastreams").selectAll().where("companyId", "=", companyId).where("id", "=", job.datastreamId).executeTakeFirst();
  if (!stream) throw ApplicationFailure.nonRetryable(`Data stream ${job.datastreamId} not found`, "config");
  return { job, stream };
}

export function createDataStreamActivities(deps: ActivityDeps) {
  const db = deps.db;
  const getConnector = deps.getConnector ?? ((p: string) => connectorRegistry.getConnector(p));
  const open = deps.openDestination ?? openDestination;
  const now = deps.now ?? (() => new Date());

  return {
    /** Opens the run log and lists the accounts to read (blocked ones skipped). */
    async planJobRun(input: PlanRunInput): Promise<JobRunPlan> {
      const { job, stream } = await loadJobContext(db, input.companyId, input.jobId);
      const accounts = await jobAccounts(db, input.companyId, job);
      const active = accounts.filter((a) => a.blockedAt === null);
      const connector = getConnector(stream.platform);
      const ranges = active.map((a) => (input.range ? input.range : runRange(job, a.timezone ?? "UTC", connector.restatementDays, now())));
      const overall = ranges.length > 0 ? { start: ranges.map((r) => r.start).sort()[0]!, end: ranges.map((r) => r.end).sort().at(-1)! } : input.range ?? null;
      const log = await startJobLog(db, input.companyId, {
        jobId: job.id,
        requestId: input.requestId,
        kind: input.kind,
        dateStart: overall?.start ?? null,
        dateEnd: overall?.end ?? null,
      });
      if (input.kind === "run") await updateJobState(db, input.companyId, job.id, { lastLaunchedAt: now(), status: "ACTIVE" });
      return {
        logId: log.id,
        shouldRunAllEvenIfFailed: job.shouldRunAllEvenIfFailed,
        accounts: active.map((a, i) => ({ dataSourceId: a.id, range: ranges[i]! })),
        skipped: accounts.length - active.length,
        allBlocked: accounts.length > 0 && active.length === 0,
      };
    },

    /** Extract one account's slice and load it (one transaction / one set of objects), heartbeating. */
    async runAccountSlice(input: AccountSliceInput): Promise<AccountSliceResult> {
      const started = now();
      const { job, stream } = await loadJobContext(db, input.companyId, input.jobId);
      const account = await db.selectFrom("dataSources").selectAll().where("companyId", "=", input.companyId).where("id", "=", input.dataSourceId).executeTakeFirst();
      if (!account) throw ApplicationFailure.nonRetryable(`Account ${input.dataSourceId} not found`, "config");
      const destinationRow = await getDestination(db, input.companyId, stream.destinationId);
      if (!destinationRow) throw ApplicationFailure.nonRetryable("The destination of this data stream no longer exists.", "config");
      const source = await getNetworkAuthorization(db, input.companyId, account.networkAuthorizationId);
      if (!source) throw ApplicationFailure.nonRetryable("The source of this account no longer exists.", "config");
      // Billing (issue 8): nothing is extracted for a lapsed trial, a dead subscription or an account locked beyond the plan.
      await checkExtractionAllowed(db, input.companyId, [account.id], { graceDays: getEnv().BILLING_GRACE_DAYS }).catch((error: unknown) => {
        if (error instanceof ExtractionBlockedError) throw ApplicationFailure.nonRetryable(error.message, "billing");
        throw error;
      });

      const step: JobLogStep = {
        dataSourceId: account.id,
        accountId: account.accountId,
        accountName: account.name,
        step: "EXTRACT",
        success: null,
        message: null,
        numberRow: 0,
        dateStart: input.range.start,
        dateEnd: input.range.end,
        startedAt: started.toISOString(),
        endedAt: null,
        duration: null,
      };
      await recordJobLogStep(db, input.companyId, input.logId, step);
      // A job run uses the account for billing like a query URL does (db/repositories/usage.ts).
      await recordAccountUsage(db, input.companyId, [account.id], "job", started);
      const heartbeat = (details: unknown) => {
        try {
          Context.current().heartbeat(details);
        } catch {
          // Outside an activity (unit tests call this function directly): nothing to heartbeat to.
        }
      };
      const signal = (() => {
        try {
          return Context.current().cancellationSignal;
        } catch {
          return undefined;
        }
      })();

      let loader: DestinationLoader | undefined;
      let rows = 0;
      try {
        const connector = getConnector(stream.platform);
        const ctx = connectorContextForSource(db, input.companyId, source, connector, { signal });
        const defs = await connector.listFields(ctx, { report: jobReport(job) });
        const table = jobLoadTable(job, defs, { destinationType: destinationRow.type, platform: stream.platform });
        const fieldIds = Object.keys(job.fields);
        const dateColumn = defaultDateColumn(table);
        loader = await open(destinationRow.type, readDestinationConfig(destinationRow));
        await loader.prepare(table);

        // Every day is read from the platform; the read cache keeps a copy on the way (decision 0890).
        const pages = storeWhileReading(connector, ctx, {
          accounts: [{ id: account.accountId, name: account.name, timezone: account.timezone ?? "UTC", currency: account.currency ?? "USD" }],
          fields: fieldIds,
          range: input.range,
          options: job.options,
        });
        async function* mapped(): AsyncIterable<Row[]> {
          for await (const page of pages) {
            yield page.rows.map((r) => {
              const out: Row = {};
              for (const id of fieldIds) out[job.fields[id] || id] = r[id] ?? null;
              return out;
            });
          }
        }
        step.step = "LOAD";
        const result = await loader.load({
          table,
          scope: dateColumn ? { accountId: account.accountId, dateColumn, range: input.range } : { accountId: account.accountId },
          rows: mapped(),
          signal,
          onProgress: (n) => {
            rows = n;
            heartbeat({ rows: n });
          },
        });
        rows = result.rows;
        step.success = true;
        step.step = "END_PROCESS";
      } catch (caught) {
        // The connector's error surfaces through the loader, which wraps what the row stream threw:
        // unwrap it, so that an expired token mid-load stays a config error (not retried, source ERROR).
        const error = caught instanceof DestinationError && caught.cause instanceof ConnectorError ? caught.cause : caught;
        step.success = false;
        step.message = error instanceof Error ? error.message : String(error);
        if (error instanceof ConnectorError && error.kind === "config") await recordSourceError(db, input.companyId, source.id, step.message);
        await finishStep();
        failure(error);
      } finally {
        await loader?.close();
      }
      await finishStep();
      return { rows, success: true };

      async function finishStep() {
        const ended = now();
        step.numberRow = rows;
        step.endedAt = ended.toISOString();
        step.duration = ended.getTime() - started.getTime();
        await recordJobLogStep(db, input.companyId, input.logId, step);
        await recordConnectionLog(db, input.companyId, {
          dataSourceId: account!.id,
          destinationType: destinationRow!.type.toUpperCase(),
          destinationId: destinationRow!.id,
          connectionName: `${account!.name} → ${destinationRow!.name}`,
          requestId: input.requestId,
          startedAt: started,
          endedAt: ended,
          dateStart: input.range.start,
          dateEnd: input.range.end,
          success: step.success === true,
          message: step.message,
          numberRow: rows,
          fields: Object.keys(job.fields),
        }).catch(() => undefined); // the connection log is a report of the run; it must not fail the load
      }
    },

    async finishJobRun(input: FinishRunInput): Promise<void> {
      await finishJobLog(db, input.companyId, input.logId, { success: input.success, message: input.message, memoryFootprint: process.memoryUsage().rss });
      // A job whose accounts are all blocked stops being scheduled until one is unblocked.
      if (input.allBlocked) await pauseJobSchedule(await getTemporalClient(), input.jobId, ALL_BLOCKED_NOTE).catch(() => undefined); // the run log already says why
      if (input.kind === "run")
        await updateJobState(db, input.companyId, input.jobId, { lastExtractEnded: now(), lastRunSuccess: input.success, status: input.allBlocked ? "BLOCKED" : input.success ? "ACTIVE" : "ERROR" });
    },

    /** The backfill's chunks: the initialization period split in `chunkDays`-day slices, oldest first. */
    async planInitialization(input: { companyId: number; jobId: number; chunkDays: number }): Promise<{ chunks: DateRange[] }> {
      const { job } = await loadJobContext(db, input.companyId, input.jobId);
      const accounts = await jobAccounts(db, input.companyId, job);
      const range = initializationRange(job, accounts[0]?.timezone ?? "UTC", now());
      if (!range || dayCount(range) <= 0) return { chunks: [] };
      return { chunks: splitDateRange(range, input.chunkDays) };
    },

    async markInitialized(input: { companyId: number; jobId: number }): Promise<void> {
      await updateJobState(db, input.companyId, input.jobId, { isInitialized: true, initializedAt: now() });
    },
  };
}
