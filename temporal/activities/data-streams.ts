// Data-stream activities: plan a run, extract-then-load one account's slice (streaming, heartbeating,
// exactly-once through the destination's partition replace), finish the run, and the bookkeeping of
// backfills and schedules. Workflows pass ids only; credentials are read here and never leave.
import { ApplicationFailure, Context } from "@temporalio/activity";
import type { DB } from "../../db/connection.js";
import { recordConnectionLog } from "../../db/repositories/connection-logs.js";
import { recordAccountUsage } from "../../db/repositories/usage.js";
import { ALL_BLOCKED_NOTE, pauseJobSchedule } from "../schedules.js";
import { finishJobLog, getJob, jobAccounts, recordJobLogStep, startJobLog, updateJobState, type JobLogStepUpdate } from "../../db/repositories/data-streams.js";
import { getDestination, readDestinationConfig } from "../../db/repositories/destinations.js";
import { getNetworkAuthorization, recordSourceError } from "../../db/repositories/network-authorizations.js";
import type { DatastreamJob, JobLogAttempt } from "../../db/tables/data-streams.js";
import { ConnectorError, EngineError, accountTimezone, dayCount, resolveDateRange, runDays, splitDateRange, type RunDays, type DateRange, type Row, defaultDateColumn, DestinationError, type DestinationLoader, type Connector } from "../../engine/index.js";
import { jobLoadTable, jobReport } from "../../server/job-table.js";
import { loadAdsAccounts } from "../../server/ads-accounts.js";
import { blendedJobFields, blendedScopeAccount, isBlendedStream, readBlendedSlice } from "../../server/blended-job.js";
import { getCompany } from "../../db/repositories/companies.js";
import { tableOwnershipProblem } from "../../server/job-table-owner.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { storeWhileReading } from "../../server/read-cache/through.js";
import { checkExtractionAllowed, ExtractionBlockedError } from "../../db/repositories/usage.js";
import type { AccountSliceInput, AccountSliceResult, FinishRunInput, JobRunPlan, PlanRunInput } from "../shared.js";
import type { DataSource } from "../../db/schema.js";
import type { ActivityDeps } from "./deps.js";

/** How often a running slice writes its progress to the job log. */
const PROGRESS_MS = 1_000;

function failure(error: unknown): never {
  if (error instanceof ApplicationFailure) throw error;
  const message = error instanceof Error ? error.message : String(error);
  // config: the user must act (expired token, wrong password, bad table): retrying cannot help.
  const kind = error instanceof ConnectorError || error instanceof DestinationError ? error.kind : error instanceof EngineError ? (error.retryable ? "transient" : "config") : "transient";
  if (kind === "config") throw ApplicationFailure.nonRetryable(message, "config");
  throw ApplicationFailure.retryable(message, kind);
}

/** The days of a scheduled or manual run: the preset's days and the re-fetched ones before them (engine/core/dates runDays). */
export function jobRunDays(job: Pick<DatastreamJob, "date" | "startDate" | "endDate">, timezone: string, restatementDays: number, now: Date): RunDays {
  return runDays(job.date, { timezone, now, start: job.startDate ?? undefined, end: job.endDate ?? undefined, since: job.startDate ?? undefined }, restatementDays);
}

/** An account's timezone as the query URL counts it (the connector's fixed zone, the account's, the one its source listed). */
async function timezoneOf(db: DB, companyId: number, connector: Connector, account: DataSource): Promise<string> {
  if (typeof connector.timezone === "object" || account.timezone) return accountTimezone(connector.timezone, account);
  const source = await getNetworkAuthorization(db, companyId, account.networkAuthorizationId);
  const listed = (source?.availableDataSources ?? []).find((a) => a.accountId === account.accountId)?.timezone;
  return accountTimezone(connector.timezone, { timezone: account.timezone, listed });
}

/** The connector reading an account: the stream's, or (a stream over cross-platform ads, decision 0933) its own platform's. */
async function accountConnector(db: DB, companyId: number, streamPlatform: string, account: DataSource, getConnector: (platform: string) => Connector): Promise<Connector> {
  if (!isBlendedStream(streamPlatform)) return getConnector(streamPlatform);
  const source = await getNetworkAuthorization(db, companyId, account.networkAuthorizationId);
  if (!source) throw ApplicationFailure.nonRetryable("The source of this account no longer exists.", "config");
  return getConnector(source.platform);
}

const earliest = (days: string[]) => [...days].sort()[0] ?? null;
const latest = (days: string[]) => [...days].sort().at(-1) ?? null;

/** Where this attempt stands: its number and the last heartbeat of the attempt before it. */
function attemptInfo(): { attempt: number; previousLastSeenAt: string | null } {
  try {
    const info = Context.current().info;
    const details = info.heartbeatDetails as { at?: unknown } | undefined;
    return { attempt: info.attempt, previousLastSeenAt: typeof details?.at === "string" ? details.at : null };
  } catch {
    // Outside an activity (unit tests and the loader bench call the function directly).
    return { attempt: 1, previousLastSeenAt: null };
  }
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
  const { getConnector, openDestination: open, now } = deps;

  return {
    /** Opens the run log (requested and re-fetched days) and lists the accounts to read (blocked ones skipped). */
    async planJobRun(input: PlanRunInput): Promise<JobRunPlan> {
      const { job, stream } = await loadJobContext(db, input.companyId, input.jobId);
      const accounts = await jobAccounts(db, input.companyId, job);
      const active = accounts.filter((a) => a.blockedAt === null);
      const days: RunDays[] = [];
      for (const a of active) {
        if (input.range) days.push({ requested: input.range, refetched: null, range: input.range });
        else {
          const connector = await accountConnector(db, input.companyId, stream.platform, a, getConnector);
          days.push(jobRunDays(job, await timezoneOf(db, input.companyId, connector, a), connector.restatementDays, now()));
        }
      }
      const log = await startJobLog(db, input.companyId, {
        jobId: job.id,
        requestId: input.requestId,
        kind: input.kind,
        dateStart: earliest(days.map((d) => d.range.start)) ?? input.range?.start ?? null,
        dateEnd: latest(days.map((d) => d.range.end)) ?? input.range?.end ?? null,
        requestedStart: earliest(days.map((d) => d.requested.start)) ?? input.range?.start ?? null,
        requestedEnd: latest(days.map((d) => d.requested.end)) ?? input.range?.end ?? null,
      });
      if (input.kind === "run") await updateJobState(db, input.companyId, job.id, { lastLaunchedAt: now(), status: "ACTIVE" });
      return {
        logId: log.id,
        shouldRunAllEvenIfFailed: job.shouldRunAllEvenIfFailed,
        accounts: active.map((a, i) => ({ dataSourceId: a.id, range: days[i]!.range })),
        skipped: accounts.length - active.length,
        allBlocked: accounts.length > 0 && active.length === 0,
      };
    },

    /**
     * Extract one account's slice and load it (one transaction / one set of objects), heartbeating.
     * Each attempt is recorded apart (its number, error, duration, rows read and rows committed),
     * so retries Temporal makes show in the job log instead of vanishing into one clean step.
     */
    async runAccountSlice(input: AccountSliceInput): Promise<AccountSliceResult> {
      const started = now();
      const { attempt: number, previousLastSeenAt } = attemptInfo();
      const { job, stream } = await loadJobContext(db, input.companyId, input.jobId);
      const account = await db.selectFrom("dataSources").selectAll().where("companyId", "=", input.companyId).where("id", "=", input.dataSourceId).executeTakeFirst();
      if (!account) throw ApplicationFailure.nonRetryable(`Account ${input.dataSourceId} not found`, "config");
      const destinationRow = await getDestination(db, input.companyId, stream.destinationId);
      if (!destinationRow) throw ApplicationFailure.nonRetryable("The destination of this data stream no longer exists.", "config");
      const source = await getNetworkAuthorization(db, input.companyId, account.networkAuthorizationId);
      if (!source) throw ApplicationFailure.nonRetryable("The source of this account no longer exists.", "config");
      // Billing (issue 8): nothing is extracted for a lapsed trial, a dead subscription or an account locked beyond the plan.
      await checkExtractionAllowed(db, input.companyId, [account.id], { graceDays: deps.billingGraceDays }).catch((error: unknown) => {
        if (error instanceof ExtractionBlockedError) throw ApplicationFailure.nonRetryable(error.message, "billing");
        throw error;
      });

      const attempt: JobLogAttempt = { attempt: number, startedAt: started.toISOString(), endedAt: null, duration: null, success: null, message: null, extractedRows: 0, loadedRows: 0 };
      const step: JobLogStepUpdate = {
        dataSourceId: account.id,
        accountId: account.accountId,
        accountName: account.name,
        step: "EXTRACT",
        dateStart: input.range.start,
        dateEnd: input.range.end,
        attempt,
        previousLastSeenAt,
      };
      await recordJobLogStep(db, input.companyId, input.logId, step);
      const heartbeat = (rows: number) => {
        try {
          // `at` lets the next attempt date this one's last sign of life if it is never heard of again.
          Context.current().heartbeat({ rows, at: now().toISOString() });
        } catch {
          // Outside an activity (unit tests call this function directly): nothing to heartbeat to.
        }
      };
      // The job page shows a slice as it goes (issue 19): its step and the rows read so far, written
      // at most every PROGRESS_MS, one write after the other, the final record always last.
      let progress: Promise<void> = Promise.resolve();
      let progressAt = 0;
      let trailing: ReturnType<typeof setTimeout> | undefined;
      let finished = false;
      const reportProgress = (force = false) => {
        if (finished) return;
        const wait = PROGRESS_MS - (now().getTime() - progressAt);
        if (!force && wait > 0) {
          // The last count of a burst is written when the window ends (a load then blocked still shows it).
          trailing ??= setTimeout(() => {
            trailing = undefined;
            reportProgress(true);
          }, wait);
          return;
        }
        progressAt = now().getTime();
        const snapshot: JobLogStepUpdate = { ...step, attempt: { ...attempt } };
        progress = progress.then(() => recordJobLogStep(db, input.companyId, input.logId, snapshot)).catch((error: unknown) => console.warn("[jobs] progress not recorded", error instanceof Error ? error.message : error));
      };
      const beat = (rows: number) => {
        heartbeat(rows);
        reportProgress();
      };
      heartbeat(0);
      const signal = (() => {
        try {
          return Context.current().cancellationSignal;
        } catch {
          return undefined;
        }
      })();

      let loader: DestinationLoader | undefined;
      try {
        // One table, one owner (decision 0820): a job sharing its table with another job's never touches it.
        const taken = await tableOwnershipProblem(db, input.companyId, { id: job.id, tableName: job.tableName, destinationId: destinationRow.id });
        if (taken) throw new DestinationError(destinationRow.type, "config", taken);
        // A job run uses the account for billing like a query URL does (db/repositories/usage.ts).
        await recordAccountUsage(db, input.companyId, [account.id], "job", started);
        const blended = isBlendedStream(stream.platform);
        const connector = getConnector(blended ? source.platform : stream.platform);
        const ctx = connectorContextForSource(db, input.companyId, source, connector, { signal });
        const defs = blended ? blendedJobFields() : await connector.listFields(ctx, { report: jobReport(job) });
        const table = jobLoadTable(job, defs, { destinationType: destinationRow.type, platform: stream.platform });
        const fieldIds = Object.keys(job.fields);
        // Cross-platform rows also carry the rate's day: only the row's own date scopes the slice.
        const dateColumn = blended ? (fieldIds.includes("date") ? job.fields.date || "date" : undefined) : defaultDateColumn(table);
        loader = await open(destinationRow.type, readDestinationConfig(destinationRow));
        await loader.prepare(table);

        let scopeAccount = account.accountId;
        let pages: AsyncIterable<{ rows: Row[] }>;
        if (blended) {
          // The query URLs' cross-platform runner, one account per slice (decision 0933).
          const [ads] = await loadAdsAccounts(db, input.companyId, [account.id], { getConnector });
          const company = await getCompany(db, input.companyId);
          if (!ads || !company) throw ApplicationFailure.nonRetryable(`Account ${account.id} not found`, "config");
          scopeAccount = blendedScopeAccount(ads);
          pages = readBlendedSlice({ db, registry: { getConnector }, now: now(), signal }, company, ads, { fields: fieldIds, range: input.range });
        } else {
          // Every day is read from the platform; the read cache keeps a copy on the way (decision 0890).
          pages = storeWhileReading(connector, ctx, {
            accounts: [{ id: account.accountId, name: account.name, timezone: await timezoneOf(db, input.companyId, connector, account), currency: account.currency ?? "USD" }],
            fields: fieldIds,
            range: input.range,
            options: job.options,
          });
        }
        async function* mapped(): AsyncIterable<Row[]> {
          for await (const page of pages) {
            attempt.extractedRows += page.rows.length;
            yield page.rows.map((r) => {
              const out: Row = {};
              for (const id of fieldIds) out[job.fields[id] || id] = r[id] ?? null;
              return out;
            });
          }
        }
        step.step = "LOAD";
        reportProgress(true);
        const result = await loader.load({
          table,
          scope: dateColumn ? { accountId: scopeAccount, dateColumn, range: input.range } : { accountId: scopeAccount },
          rows: mapped(),
          signal,
          onProgress: beat,
        });
        // Only a committed load counts its rows as loaded.
        attempt.loadedRows = result.rows;
        attempt.success = true;
        step.step = "END_PROCESS";
      } catch (caught) {
        // The connector's error surfaces through the loader, which wraps what the row stream threw:
        // unwrap it, so that an expired token mid-load stays a config error (not retried, source ERROR).
        const error = caught instanceof DestinationError && caught.cause instanceof ConnectorError ? caught.cause : caught;
        attempt.success = false;
        attempt.loadedRows = 0;
        attempt.message = error instanceof Error ? error.message : String(error);
        if (error instanceof ConnectorError && error.kind === "config") await recordSourceError(db, input.companyId, source.id, attempt.message);
        await finishAttempt();
        failure(error);
      } finally {
        await loader?.close();
      }
      await finishAttempt();
      return { rows: attempt.loadedRows, success: true };

      async function finishAttempt() {
        finished = true;
        clearTimeout(trailing);
        await progress;
        const ended = now();
        attempt.endedAt = ended.toISOString();
        attempt.duration = ended.getTime() - started.getTime();
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
          success: attempt.success === true,
          message: attempt.message,
          numberRow: attempt.loadedRows,
          // A run reads every day from the platform (the read cache only keeps a copy).
          daysFromPlatform: dayCount(input.range),
          daysFromCache: 0,
          fields: Object.keys(job.fields),
        }).catch(() => undefined); // the connection log is a report of the run; it must not fail the load
      }
    },

    async finishJobRun(input: FinishRunInput): Promise<void> {
      await finishJobLog(db, input.companyId, input.logId, { success: input.success, message: input.message, memoryFootprint: process.memoryUsage().rss });
      // A job whose accounts are all blocked stops being scheduled until one is unblocked.
      if (input.allBlocked) await pauseJobSchedule(await deps.temporalClient(), input.jobId, ALL_BLOCKED_NOTE).catch(() => undefined); // the run log already says why
      if (input.kind === "run")
        await updateJobState(db, input.companyId, input.jobId, { lastExtractEnded: now(), lastRunSuccess: input.success, status: input.allBlocked ? "BLOCKED" : input.success ? "ACTIVE" : "ERROR" });
    },

    /** The backfill's chunks: the initialization period split in `chunkDays`-day slices, oldest first. */
    async planInitialization(input: { companyId: number; jobId: number; chunkDays: number }): Promise<{ chunks: DateRange[] }> {
      const { job, stream } = await loadJobContext(db, input.companyId, input.jobId);
      const accounts = await jobAccounts(db, input.companyId, job);
      const timezone = accounts[0] ? await timezoneOf(db, input.companyId, await accountConnector(db, input.companyId, stream.platform, accounts[0], getConnector), accounts[0]) : "UTC";
      const range = initializationRange(job, timezone, now());
      if (!range || dayCount(range) <= 0) return { chunks: [] };
      return { chunks: splitDateRange(range, input.chunkDays) };
    },

    async markInitialized(input: { companyId: number; jobId: number }): Promise<void> {
      await updateJobState(db, input.companyId, input.jobId, { isInitialized: true, initializedAt: now() });
    },
  };
}
