import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { DataSource } from "../schema.js";
import type { Datastream, DatastreamJob, DatastreamJobsTable, JobLog, JobLogAttempt, JobLogStep } from "../tables/data-streams.js";
import { isRowId } from "../../lib/ids.js";

/** Data streams, their jobs (with the accounts each reads) and job run logs. Always by company. */

export type DatastreamRow = Datastream & { destinationName: string; destinationType: string; jobs: number };

export async function listDatastreams(db: DB, companyId: number): Promise<DatastreamRow[]> {
  const rows = await db
    .selectFrom("datastreams")
    .innerJoin("destinations", "destinations.id", "datastreams.destinationId")
    .leftJoin("datastreamJobs", "datastreamJobs.datastreamId", "datastreams.id")
    .selectAll("datastreams")
    .select((eb) => ["destinations.name as destinationName", "destinations.type as destinationType", eb.fn.count<number>("datastreamJobs.id").as("jobs")])
    .where("datastreams.companyId", "=", companyId)
    .groupBy(["datastreams.id", "destinations.name", "destinations.type"])
    .orderBy("datastreams.name")
    .orderBy("datastreams.id")
    .execute();
  return rows.map((r) => ({ ...r, jobs: Number(r.jobs) }));
}

export async function getDatastream(db: DB, companyId: number, id: number): Promise<DatastreamRow | undefined> {
  if (!isRowId(id)) return undefined;
  const rows = await listDatastreamsWhere(db, companyId, id);
  return rows[0];
}

async function listDatastreamsWhere(db: DB, companyId: number, id: number): Promise<DatastreamRow[]> {
  const rows = await db
    .selectFrom("datastreams")
    .innerJoin("destinations", "destinations.id", "datastreams.destinationId")
    .selectAll("datastreams")
    .select(["destinations.name as destinationName", "destinations.type as destinationType"])
    .select((eb) => eb.selectFrom("datastreamJobs").select(eb.fn.countAll<number>().as("n")).whereRef("datastreamJobs.datastreamId", "=", "datastreams.id").as("jobs"))
    .where("datastreams.companyId", "=", companyId)
    .where("datastreams.id", "=", id)
    .execute();
  return rows.map((r) => ({ ...r, jobs: Number(r.jobs ?? 0) }));
}

export async function createDatastream(db: DB, companyId: number, input: { name: string; platform: string; destinationId: number }): Promise<Datastream> {
  return db.insertInto("datastreams").values({ companyId, ...input }).returningAll().executeTakeFirstOrThrow();
}

export async function deleteDatastream(db: DB, companyId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("datastreams").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export type JobInput = Omit<
  DatastreamJobsTable,
  "id" | "companyId" | "status" | "isInitialized" | "initializedAt" | "lastLaunchedAt" | "lastExtractEnded" | "lastRunSuccess" | "runRequestedAt" | "createdAt" | "updatedAt" | "fields" | "options" | "hasToBeInitialized" | "shouldRunAllEvenIfFailed"
> & {
  fields: Record<string, string>;
  options: Record<string, string | string[]>;
  hasToBeInitialized: boolean;
  shouldRunAllEvenIfFailed: boolean;
  /** Specific accounts (data source ids); empty in all-accounts-of-one-source mode. */
  dataSourceIds: number[];
  /**
   * The platforms its accounts and source may be on, for a stream over several platforms
   * (cross-platform ads, decision 0933; the caller knows which are ads platforms). Absent: the stream's own.
   */
  accountPlatforms?: readonly string[];
};

/** An id from a form that is not this company's (or not of the stream's platform): nothing was written. */
export class NotOwnedError extends Error {
  constructor(
    readonly field: "dataSourceIds" | "networkAuthorizationId" | "datastreamId",
    message: string,
  ) {
    super(message);
    this.name = "NotOwnedError";
  }
}

/** Another job already claimed this table on this destination (decision 0820): nothing was written. */
export class TableTakenError extends Error {
  constructor(readonly tableName: string) {
    super(`Another job already loads the table "${tableName}" on this destination.`);
    this.name = "TableTakenError";
  }
}


/**
 * The job's source and accounts must be this company's and of the stream's platform: a job never
 * reads another company's source or account, whatever a form's hidden state says.
 */
async function assertOwnedInputs(db: DB, companyId: number, datastreamId: number, input: Pick<JobInput, "dataSourceIds" | "networkAuthorizationId" | "accountPlatforms">): Promise<void> {
  const stream = isRowId(datastreamId) ? await db.selectFrom("datastreams").select("platform").where("companyId", "=", companyId).where("id", "=", datastreamId).executeTakeFirst() : undefined;
  if (!stream) throw new NotOwnedError("datastreamId", "Data stream not found");
  const platforms = input.accountPlatforms?.length ? [...input.accountPlatforms] : [stream.platform];
  const ids = [...new Set(input.dataSourceIds)];
  if (ids.length > 0) {
    const owned = ids.every(isRowId)
      ? await db
          .selectFrom("dataSources")
          .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
          .select("dataSources.id")
          .where("dataSources.companyId", "=", companyId)
          .where("networkAuthorizations.companyId", "=", companyId)
          .where("networkAuthorizations.platform", "in", platforms)
          .where("dataSources.id", "in", ids)
          .execute()
      : [];
    if (owned.length !== ids.length) throw new NotOwnedError("dataSourceIds", "Account not found");
  }
  if (input.networkAuthorizationId !== null) {
    const source = isRowId(input.networkAuthorizationId)
      ? await db.selectFrom("networkAuthorizations").select("id").where("companyId", "=", companyId).where("platform", "in", platforms).where("id", "=", input.networkAuthorizationId).executeTakeFirst()
      : undefined;
    if (!source) throw new NotOwnedError("networkAuthorizationId", "Source not found");
  }
}

/**
 * Claims the job's table on its stream's destination (decision 0820), replacing the job's earlier
 * claim. The key is the name trimmed and lower-cased; the unique index on (destination, key)
 * refuses a second job, even one created at the same instant.
 */
async function claimJobTable(trx: DB, companyId: number, jobId: number, datastreamId: number, tableName: string): Promise<void> {
  try {
    await sql`
      insert into datastream_job_tables (job_id, company_id, destination_id, table_key)
      select ${jobId}, ${companyId}, s.destination_id, lower(btrim(${tableName}::text)) from datastreams s where s.id = ${datastreamId} and s.company_id = ${companyId}
      on conflict (job_id) do update set destination_id = excluded.destination_id, table_key = excluded.table_key`.execute(trx);
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    if (e.code === "23505" && e.constraint === "datastream_job_tables_uq") throw new TableTakenError(tableName.trim());
    throw error;
  }
}

/** Every job of the company with its destination and whether it holds the claim on its table. */
export async function listJobTables(db: DB, companyId: number) {
  return db
    .selectFrom("datastreamJobs")
    .innerJoin("datastreams", "datastreams.id", "datastreamJobs.datastreamId")
    .leftJoin("datastreamJobTables", "datastreamJobTables.jobId", "datastreamJobs.id")
    .select([
      "datastreamJobs.id as jobId",
      "datastreamJobs.name as jobName",
      "datastreamJobs.tableName",
      "datastreams.id as datastreamId",
      "datastreams.name as datastreamName",
      "datastreams.destinationId",
      "datastreamJobTables.tableKey as claimedKey",
    ])
    .where("datastreamJobs.companyId", "=", companyId)
    .orderBy("datastreamJobs.id")
    .execute();
}
export type JobTableRow = Awaited<ReturnType<typeof listJobTables>>[number];

/** Fields and options as stored: lists of pairs (see DatastreamJobsTable.fields). */
function storedFieldsAndOptions(fields: Record<string, string>, options: Record<string, string | string[]>) {
  return {
    fields: JSON.stringify(Object.entries(fields).map(([id, name]) => ({ id, name }))),
    options: JSON.stringify(Object.entries(options).map(([key, value]) => ({ key, value }))),
  };
}

/** Creates the job, its accounts and its table claim in one transaction (the caller's, when inside one). */
export async function createJob(db: DB, companyId: number, input: JobInput): Promise<DatastreamJob> {
  const { dataSourceIds, fields, options, accountPlatforms: _platforms, ...rest } = input;
  const run = async (trx: DB) => {
    await assertOwnedInputs(trx, companyId, input.datastreamId, input);
    const job = await trx
      .insertInto("datastreamJobs")
      .values({ companyId, ...rest, ...storedFieldsAndOptions(fields, options) })
      .returningAll()
      .executeTakeFirstOrThrow()
      .then(toJob);
    if (dataSourceIds.length > 0)
      await trx.insertInto("datastreamJobAccounts").values([...new Set(dataSourceIds)].map((dataSourceId) => ({ jobId: job.id, dataSourceId }))).execute();
    await claimJobTable(trx, companyId, job.id, input.datastreamId, input.tableName);
    return job;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * Replaces what the job edit screen edits (name, accounts, fields, deployment) in one transaction;
 * false when the job is not this company's. Run state (status, last run, initialization) stays.
 */
export async function updateJob(db: DB, companyId: number, id: number, input: Omit<JobInput, "datastreamId">): Promise<boolean> {
  const { dataSourceIds, fields, options, accountPlatforms: _platforms, ...rest } = input;
  const run = async (trx: DB) => {
    const current = isRowId(id) ? await trx.selectFrom("datastreamJobs").select("datastreamId").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst() : undefined;
    if (!current) return false;
    await assertOwnedInputs(trx, companyId, current.datastreamId, input);
    const r = await trx
      .updateTable("datastreamJobs")
      .set({ ...rest, ...storedFieldsAndOptions(fields, options), updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await claimJobTable(trx, companyId, id, current.datastreamId, input.tableName);
    await trx.deleteFrom("datastreamJobAccounts").where("jobId", "=", id).execute();
    if (dataSourceIds.length > 0) await trx.insertInto("datastreamJobAccounts").values([...new Set(dataSourceIds)].map((dataSourceId) => ({ jobId: id, dataSourceId }))).execute();
    return true;
  };
  // Inside a caller's transaction (the edit also updates the Temporal schedule before committing) or in its own.
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Rows come back with fields and options as pair lists; the code works with records. */
export function toJob<T extends { fields: { id: string; name: string }[]; options: { key: string; value: string | string[] }[] }>(
  row: T,
): Omit<T, "fields" | "options"> & { fields: Record<string, string>; options: Record<string, string | string[]> } {
  return {
    ...row,
    fields: Object.fromEntries(row.fields.map((f) => [f.id, f.name])),
    options: Object.fromEntries(row.options.map((o) => [o.key, o.value])),
  };
}

export async function getJob(db: DB, companyId: number, id: number): Promise<DatastreamJob | undefined> {
  if (!isRowId(id)) return undefined;
  const row = await db.selectFrom("datastreamJobs").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

export type JobRow = DatastreamJob & { datastreamName: string; platform: string; accounts: number; runs: number };

export async function listJobs(db: DB, companyId: number, filter: { datastreamId?: number } = {}): Promise<JobRow[]> {
  let q = db
    .selectFrom("datastreamJobs")
    .innerJoin("datastreams", "datastreams.id", "datastreamJobs.datastreamId")
    .selectAll("datastreamJobs")
    .select(["datastreams.name as datastreamName", "datastreams.platform"])
    .select((eb) => [
      eb.selectFrom("datastreamJobAccounts").select(eb.fn.countAll<number>().as("n")).whereRef("datastreamJobAccounts.jobId", "=", "datastreamJobs.id").as("accounts"),
      eb.selectFrom("jobLogs").select(eb.fn.countAll<number>().as("n")).whereRef("jobLogs.jobId", "=", "datastreamJobs.id").as("runs"),
    ])
    .where("datastreamJobs.companyId", "=", companyId);
  if (filter.datastreamId !== undefined) q = q.where("datastreamJobs.datastreamId", "=", filter.datastreamId);
  const rows = await q.orderBy("datastreamJobs.name").orderBy("datastreamJobs.id").execute();
  return rows.map((r) => ({ ...toJob(r), accounts: Number(r.accounts ?? 0), runs: Number(r.runs ?? 0) }));
}

export async function listJobIds(db: DB, companyId: number, filter: { datastreamId?: number; destinationId?: number }): Promise<number[]> {
  let q = db.selectFrom("datastreamJobs").innerJoin("datastreams", "datastreams.id", "datastreamJobs.datastreamId").select("datastreamJobs.id").where("datastreamJobs.companyId", "=", companyId);
  if (filter.datastreamId !== undefined) q = q.where("datastreams.id", "=", filter.datastreamId);
  if (filter.destinationId !== undefined) q = q.where("datastreams.destinationId", "=", filter.destinationId);
  return (await q.execute()).map((r) => r.id);
}

/** Jobs reading a source (all-accounts mode) or any of its accounts (specific mode). */
export async function jobIdsUsingSource(db: DB, companyId: number, networkAuthorizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("datastreamJobs")
    .select("datastreamJobs.id")
    .where("datastreamJobs.companyId", "=", companyId)
    .where((eb) =>
      eb.or([
        eb("datastreamJobs.networkAuthorizationId", "=", networkAuthorizationId),
        eb(
          "datastreamJobs.id",
          "in",
          eb
            .selectFrom("datastreamJobAccounts")
            .innerJoin("dataSources", "dataSources.id", "datastreamJobAccounts.dataSourceId")
            .select("datastreamJobAccounts.jobId")
            .where("dataSources.networkAuthorizationId", "=", networkAuthorizationId),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Jobs reading one account in specific-accounts mode. */
export async function jobIdsUsingAccount(db: DB, companyId: number, dataSourceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("datastreamJobAccounts")
    .innerJoin("datastreamJobs", "datastreamJobs.id", "datastreamJobAccounts.jobId")
    .select("datastreamJobs.id")
    .where("datastreamJobs.companyId", "=", companyId)
    .where("datastreamJobAccounts.dataSourceId", "=", dataSourceId)
    .execute();
  return rows.map((r) => r.id);
}

/** Jobs reading one account: chosen in specific-accounts mode, or through all accounts of its source. */
export async function jobIdsReadingAccount(db: DB, companyId: number, dataSourceId: number): Promise<number[]> {
  const account = await db.selectFrom("dataSources").select("networkAuthorizationId").where("companyId", "=", companyId).where("id", "=", dataSourceId).executeTakeFirst();
  if (!account) return [];
  const viaSource = await db.selectFrom("datastreamJobs").select("id").where("companyId", "=", companyId).where("networkAuthorizationId", "=", account.networkAuthorizationId).execute();
  const ids = new Set([...(await jobIdsUsingAccount(db, companyId, dataSourceId)), ...viaSource.map((r) => r.id)]);
  return [...ids].sort((x, y) => x - y);
}

export async function deleteJob(db: DB, companyId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("datastreamJobs").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A run was asked for now (Run Now, a new job's first run): the job page shows it Queued until its log opens. */
export async function markRunRequested(db: DB, companyId: number, id: number): Promise<void> {
  await db.updateTable("datastreamJobs").set({ runRequestedAt: new Date() }).where("companyId", "=", companyId).where("id", "=", id).execute();
}

export async function updateJobState(
  db: DB,
  companyId: number,
  id: number,
  patch: Partial<Pick<DatastreamJob, "status" | "isInitialized" | "initializedAt" | "lastLaunchedAt" | "lastExtractEnded" | "lastRunSuccess">>,
): Promise<void> {
  await db.updateTable("datastreamJobs").set({ ...patch, updatedAt: new Date() }).where("companyId", "=", companyId).where("id", "=", id).execute();
}

/** The accounts a run reads: the chosen ones, or every account of the job's source. */
export async function jobAccounts(db: DB, companyId: number, job: Pick<DatastreamJob, "id" | "networkAuthorizationId">): Promise<DataSource[]> {
  if (job.networkAuthorizationId !== null)
    return db
      .selectFrom("dataSources")
      .selectAll()
      .where("companyId", "=", companyId)
      .where("networkAuthorizationId", "=", job.networkAuthorizationId)
      .orderBy("name")
      .orderBy("id")
      .execute();
  return db
    .selectFrom("dataSources")
    .innerJoin("datastreamJobAccounts", "datastreamJobAccounts.dataSourceId", "dataSources.id")
    .selectAll("dataSources")
    .where("dataSources.companyId", "=", companyId)
    .where("datastreamJobAccounts.jobId", "=", job.id)
    .orderBy("dataSources.name")
    .orderBy("dataSources.id")
    .execute();
}

// ---- job logs -------------------------------------------------------------------------------

/** Opens the log of one run, or returns the existing one when a retried activity opens it again. */
export async function startJobLog(
  db: DB,
  companyId: number,
  input: {
    jobId: number;
    requestId: string;
    kind: "run" | "backfill";
    dateStart: string | null;
    dateEnd: string | null;
    /** The days the date preset or the backfill chunk asked for (dateStart..dateEnd adds the re-fetched ones). */
    requestedStart: string | null;
    requestedEnd: string | null;
  },
): Promise<JobLog> {
  await db
    .insertInto("jobLogs")
    .values({
      companyId,
      jobId: input.jobId,
      requestId: input.requestId,
      kind: input.kind,
      dateStart: input.dateStart,
      dateEnd: input.dateEnd,
      requestedStart: input.requestedStart,
      requestedEnd: input.requestedEnd,
      startedAt: new Date(),
      steps: JSON.stringify([]),
    })
    .onConflict((oc) => oc.columns(["jobId", "requestId"]).doNothing())
    .execute();
  return db.selectFrom("jobLogs").selectAll().where("companyId", "=", companyId).where("jobId", "=", input.jobId).where("requestId", "=", input.requestId).executeTakeFirstOrThrow();
}

/** What an attempt of an account's slice reports: where it is, and its own numbers. */
export type JobLogStepUpdate = Pick<JobLogStep, "dataSourceId" | "accountId" | "accountName" | "step" | "dateStart" | "dateEnd"> & {
  attempt: JobLogAttempt;
  /** The previous attempt's last heartbeat, as Temporal handed it to this one. */
  previousLastSeenAt?: string | null;
};

const ms = (iso: string) => new Date(iso).getTime();

/**
 * The step of an account's slice after one of its attempts reported. Earlier attempts stay; an
 * earlier one still open was never heard of again (worker killed, heartbeat timeout): it is closed
 * as failed, ending at its last heartbeat or else when the next attempt started. The step's numbers
 * are its latest attempt's, its duration runs from the first attempt's start (retries included).
 */
export function mergeJobLogAttempt(existing: JobLogStep | undefined, update: JobLogStepUpdate): JobLogStep {
  const attempts = (existing?.attempts ?? []).filter((a) => a.attempt !== update.attempt.attempt);
  attempts.push(update.attempt);
  attempts.sort((x, y) => x.attempt - y.attempt);
  for (let i = 0; i < attempts.length - 1; i++) {
    const a = attempts[i]!;
    if (a.endedAt !== null) continue;
    const next = attempts[i + 1]!;
    const lastSeen = next.attempt === update.attempt.attempt && next.attempt === a.attempt + 1 ? update.previousLastSeenAt : undefined;
    const end = lastSeen && ms(lastSeen) >= ms(a.startedAt) && ms(lastSeen) <= ms(next.startedAt) ? lastSeen : next.startedAt;
    attempts[i] = {
      ...a,
      endedAt: end,
      duration: ms(end) - ms(a.startedAt),
      success: false,
      loadedRows: 0,
      message: lastSeen
        ? "This attempt stopped reporting progress (the worker stopped, or it missed its heartbeat): Temporal started another one."
        : "This attempt was never heard of again (the worker stopped, or it timed out before its first heartbeat): Temporal started another one.",
    };
  }
  const latest = attempts.at(-1)!;
  const first = attempts[0]!;
  const isLatest = update.attempt.attempt === latest.attempt;
  return {
    dataSourceId: update.dataSourceId,
    accountId: update.accountId,
    accountName: update.accountName,
    step: isLatest ? update.step : (existing?.step ?? update.step),
    success: latest.success,
    message: latest.message,
    numberRow: latest.loadedRows,
    extractedRows: latest.extractedRows,
    dateStart: update.dateStart,
    dateEnd: update.dateEnd,
    startedAt: first.startedAt,
    endedAt: latest.endedAt,
    duration: latest.endedAt ? ms(latest.endedAt) - ms(first.startedAt) : null,
    attempts,
  };
}

/** Records an attempt in the step of its account and range (see mergeJobLogAttempt). */
export async function recordJobLogStep(db: DB, companyId: number, logId: number, update: JobLogStepUpdate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const log = await trx.selectFrom("jobLogs").select(["steps"]).where("companyId", "=", companyId).where("id", "=", logId).forUpdate().executeTakeFirst();
    if (!log) return;
    const all = log.steps as JobLogStep[];
    const same = (s: JobLogStep) => s.dataSourceId === update.dataSourceId && s.dateStart === update.dateStart;
    const merged = mergeJobLogAttempt(all.find(same), update);
    const steps = [...all.filter((s) => !same(s)), merged];
    await trx
      .updateTable("jobLogs")
      .set({
        steps: JSON.stringify(steps),
        lastStepReached: merged.step,
        numberRow: steps.reduce((n, s) => n + (s.numberRow ?? 0), 0),
        extractedRow: steps.reduce((n, s) => n + (s.extractedRows ?? s.numberRow ?? 0), 0),
      })
      .where("id", "=", logId)
      .execute();
  });
}

export async function finishJobLog(
  db: DB,
  companyId: number,
  logId: number,
  input: { success: boolean; message: string | null; memoryFootprint?: number | null },
): Promise<JobLog | undefined> {
  return db
    .updateTable("jobLogs")
    .set({
      success: input.success,
      message: input.message,
      endedAt: new Date(),
      duration: sql<number>`(extract(epoch from (now() - started_at)) * 1000)::integer`,
      lastStepReached: "END_PROCESS",
      memoryFootprint: input.memoryFootprint ?? null,
    })
    .where("companyId", "=", companyId)
    .where("id", "=", logId)
    .returningAll()
    .executeTakeFirst();
}

export async function listJobLogs(db: DB, companyId: number, jobId: number, page: { offset: number; limit: number }): Promise<{ logs: JobLog[]; total: number }> {
  const [logs, total] = await Promise.all([
    db.selectFrom("jobLogs").selectAll().where("companyId", "=", companyId).where("jobId", "=", jobId).orderBy("startedAt", "desc").orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    db.selectFrom("jobLogs").select((eb) => eb.fn.countAll<number>().as("n")).where("companyId", "=", companyId).where("jobId", "=", jobId).executeTakeFirstOrThrow(),
  ]);
  return { logs, total: Number(total.n) };
}
