// Data streams and jobs for the screens: lists, the wizard's choices, preview, creation with its
// Temporal Schedule (and backfill), Run Now, deletion (schedules first: decision 0401), job logs.
import * as streams from "../../db/repositories/data-streams.js";
import { getDestination } from "../../db/repositories/destinations.js";
import { getNetworkAuthorization, listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { listDestinations } from "../../db/repositories/destinations.js";
import { registry, findPlatform, resolveDateRange, blendablePlatforms, BLENDED_PLATFORM, BLENDED_PLATFORM_NAME, EngineError, type FieldDef, type FieldIncompatibility, describeDestination, partitionFieldsProblem, tableNameProblem, DestinationError, describeTable } from "../../engine/index.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { readThroughCache } from "../../server/read-cache/index.js";
import { getTemporalClient } from "../../temporal/client.js";
import type { Client } from "@temporalio/client";
import type { DB } from "../../db/connection.js";
import { readDestinationConfig } from "../../db/repositories/destinations.js";
import { openConfiguredDestination } from "../../server/destination-endpoints.js";
import { jobLoadTable, jobReport } from "../../server/job-table.js";
import { loadAdsAccounts } from "../../server/ads-accounts.js";
import { blendedJobFields, isBlendedStream, readBlendedSlice } from "../../server/blended-job.js";
import { getCompany } from "../../db/repositories/companies.js";
import { tableTakenProblem } from "../../server/job-table-owner.js";
import { JOB_MESSAGES, partitionableFields, runProgress, type WizardState } from "~/utils/jobs";
import { sql } from "kysely";
import {
  ALL_BLOCKED_NOTE,
  createJobSchedule,
  deleteJobSchedule,
  jobSchedulePause,
  nextRuns,
  pauseJobSchedule,
  startInitialization,
  triggerJob,
  unpauseJobSchedule,
  updateJobSchedule,
} from "../../temporal/schedules.js";
import { getDb } from "./db.server.js";
import { platformDisplayName as platformName } from "./platform-names.server.js";
import { isRowId } from "../../lib/ids.js";

export class JobFlowError extends Error {}

/**
 * A job's choices the server refuses, by form field (messages for the field errors): ids of
 * another company or platform forged in a hidden state, an unknown report or field, a table
 * another job loads. Nothing was written.
 */
export class JobInputError extends Error {
  constructor(readonly problems: Record<string, string>) {
    super(Object.values(problems).join(" "));
    this.name = "JobInputError";
  }
}


export async function listStreamRows(companyId: number) {
  const rows = await streams.listDatastreams(getDb(), companyId);
  return rows.map((r) => ({ id: r.id, name: r.name, platform: r.platform, platformName: platformName(r.platform), destination: r.destinationName, destinationType: r.destinationType, jobs: r.jobs }));
}

/** Platforms the company has a source on, and its destinations (the new-stream form). */
export async function streamFormChoices(companyId: number) {
  const db = getDb();
  const sources = await listNetworkAuthorizations(db, companyId);
  const platforms = [...new Set(sources.map((s) => s.platform))].map((p) => ({ value: p, label: platformName(p) })).sort((a, b) => a.label.localeCompare(b.label));
  // A stream over every ads platform at once (decision 0933), first, once the company has an ads source.
  if (hasAdsSource(sources)) platforms.unshift({ value: BLENDED_PLATFORM, label: BLENDED_PLATFORM_NAME });
  const destinations = (await listDestinations(db, companyId)).map((d) => ({ value: String(d.id), label: d.name }));
  return { platforms, destinations };
}

const hasAdsSource = (sources: readonly { platform: string }[]) => sources.some((s) => blendablePlatforms().includes(s.platform));

export async function createStream(companyId: number, input: { name: string; platform: string; destinationId: number }) {
  const db = getDb();
  if (!isRowId(input.destinationId) || !(await getDestination(db, companyId, input.destinationId))) throw new JobFlowError("destination");
  const sources = await listNetworkAuthorizations(db, companyId);
  if (isBlendedStream(input.platform) ? !hasAdsSource(sources) : !sources.some((s) => s.platform === input.platform)) throw new JobFlowError("platform");
  return streams.createDatastream(db, companyId, { name: input.name.trim(), platform: input.platform, destinationId: input.destinationId });
}

/** The job's schedule as Temporal sees it; running is null when Temporal could not be asked. */
export async function safeNextRun(jobId: number): Promise<{ next: string | null; paused: boolean; running: number | null }> {
  try {
    const r = await nextRuns(await getTemporalClient(), jobId);
    return { next: r.next ? r.next.toISOString() : null, paused: r.paused, running: r.running };
  } catch {
    // Temporal unreachable: the screen still shows the job, without its next run.
    return { next: null, paused: false, running: null };
  }
}

export async function streamDetail(companyId: number, id: number) {
  const db = getDb();
  const stream = await streams.getDatastream(db, companyId, id);
  if (!stream) return undefined;
  const jobs = await streams.listJobs(db, companyId, { datastreamId: id });
  const withRuns = await Promise.all(
    jobs.map(async (j) => ({
      id: j.id,
      name: j.name,
      accounts: j.networkAuthorizationId !== null ? "All accounts" : String(j.accounts),
      status: j.status,
      lastLaunchedAt: j.lastLaunchedAt ? j.lastLaunchedAt.toISOString() : null,
      ...(await safeNextRun(j.id)),
    })),
  );
  return {
    id: stream.id,
    name: stream.name,
    platform: stream.platform,
    platformName: platformName(stream.platform),
    destination: { id: stream.destinationId, name: stream.destinationName, type: stream.destinationType },
    runnableJobs: withRuns.filter((j) => !j.paused && j.status !== "BLOCKED").length,
    jobs: withRuns,
  };
}

export async function deleteStreamCascade(companyId: number, id: number): Promise<boolean> {
  const db = getDb();
  const jobIds = await streams.listJobIds(db, companyId, { datastreamId: id });
  if (jobIds.length > 0) {
    const client = await getTemporalClient();
    for (const jobId of jobIds) await deleteJobSchedule(client, jobId);
  }
  return streams.deleteDatastream(db, companyId, id);
}

/** The wizard's account choices: every source of the stream's platform (of every ads platform over cross-platform ads) with its activated accounts. */
export async function accountChoices(companyId: number, platform: string, db: DB = getDb()) {
  const ads = isBlendedStream(platform) ? new Set(blendablePlatforms()) : undefined;
  const sources = (await listNetworkAuthorizations(db, companyId)).filter((s) => (ads ? ads.has(s.platform) : s.platform === platform));
  const accounts = await db.selectFrom("dataSources").selectAll().where("companyId", "=", companyId).where("networkAuthorizationId", "in", sources.length ? sources.map((s) => s.id) : [0]).orderBy("name").execute();
  return sources.map((s) => ({
    id: s.id,
    // Over several platforms, each source says which one it is on.
    name: ads ? `${s.name} (${platformName(s.platform)})` : s.name,
    accounts: accounts.filter((a) => a.networkAuthorizationId === s.id).map((a) => ({ id: a.id, name: a.name, accountId: a.accountId, blocked: a.blockedAt !== null })),
  }));
}

/**
 * The platform's reports and the fields of `report` (the default report when absent). A report the
 * platform does not offer (a forged form value) is not asked for: the default report's fields come
 * back with `reportProblem` set, for the caller to answer 400.
 */
export async function fieldChoices(
  platform: string,
  report: string | undefined,
): Promise<{ reports: { value: string; label: string }[]; defaultReport?: string; fields: FieldDef[]; reportProblem?: string }> {
  // Cross-platform ads has no reports: each platform's report is chosen per query (decision 0931).
  if (isBlendedStream(platform)) return { reports: [], fields: blendedJobFields(), reportProblem: report === undefined ? undefined : JOB_MESSAGES.unknownReport };
  const connector = registry.getConnector(platform);
  const config = await connector.listConfigFields();
  const reportField = config.find((c) => c.id === "report");
  const reports = reportField?.values ?? [];
  const defaultReport = typeof reportField?.default === "string" ? reportField.default : reports[0]?.value;
  const known = report === undefined || reports.some((r) => r.value === report);
  const fields = await connector.listFields(undefined, { report: known ? (report ?? defaultReport) : defaultReport });
  return { reports, defaultReport, fields, reportProblem: known ? undefined : JOB_MESSAGES.unknownReport };
}

/**
 * The platform's refusals for a job's field selection (greyed in the picker), asked through the
 * source of the job's first chosen account (Google Ads reads its rules with a credential). A
 * platform that cannot be asked greys nothing: the first run still checks the selection.
 */
export async function jobFieldIncompatibilities(companyId: number, platform: string, input: { report?: string; state: WizardState; selected: string[] }): Promise<FieldIncompatibility[]> {
  // Any normalized field combines: a platform lacking one leaves it empty (decision 0931).
  if (isBlendedStream(platform)) return [];
  const connector = registry.getConnector(platform);
  if (!connector.incompatibleFields) return [];
  const db = getDb();
  try {
    let sourceId = input.state.mode === "source" ? input.state.networkAuthorizationId : undefined;
    let accountId: string | undefined;
    const firstAccount = input.state.mode === "source" ? undefined : input.state.dataSourceIds?.[0];
    if (firstAccount) {
      const account = await db.selectFrom("dataSources").select(["networkAuthorizationId", "accountId"]).where("companyId", "=", companyId).where("id", "=", firstAccount).executeTakeFirst();
      sourceId = account?.networkAuthorizationId;
      accountId = account?.accountId;
    }
    const source = sourceId ? await getNetworkAuthorization(db, companyId, sourceId) : undefined;
    const ctx = source && source.platform === platform ? connectorContextForSource(db, companyId, source, connector) : undefined;
    return await connector.incompatibleFields(ctx, { report: input.report, account: accountId, selected: input.selected });
  } catch {
    return [];
  }
}

/** First 10 rows for one account and one day (spec 2 §2 preview), keyed by field id. */
export async function previewRows(companyId: number, input: { platform: string; dataSourceId: number; fields: string[]; report?: string; day: string }) {
  const db = getDb();
  const account = isRowId(input.dataSourceId) ? await db.selectFrom("dataSources").selectAll().where("companyId", "=", companyId).where("id", "=", input.dataSourceId).executeTakeFirst() : undefined;
  if (!account) throw new JobFlowError("Account not found");
  if ((await fieldChoices(input.platform, input.report)).reportProblem) throw new JobFlowError(JOB_MESSAGES.unknownReport);
  if (isBlendedStream(input.platform)) return previewBlendedRows(db, companyId, account.id, input);
  const source = await getNetworkAuthorization(db, companyId, account.networkAuthorizationId);
  if (!source || source.platform !== input.platform) throw new JobFlowError("Account not found");
  const connector = registry.getConnector(input.platform);
  const ctx = connectorContextForSource(db, companyId, source, connector);
  const range = resolveDateRange("CUSTOM", { timezone: account.timezone ?? "UTC", start: input.day, end: input.day });
  const rows: Record<string, unknown>[] = [];
  // Through the read cache (decision 0890): a day already stored is not asked of the platform again.
  for await (const page of readThroughCache(connector, ctx, {
    accounts: [{ id: account.accountId, name: account.name, timezone: account.timezone ?? "UTC", currency: account.currency ?? "USD" }],
    fields: input.fields,
    range,
    options: input.report ? { report: input.report } : {},
  })) {
    for (const r of page.rows) {
      rows.push(r);
      if (rows.length >= 10) return rows;
    }
  }
  return rows;
}

/** The preview of a job over cross-platform ads: the cross-platform runner on one account and day, as the run reads it. */
async function previewBlendedRows(db: DB, companyId: number, dataSourceId: number, input: { fields: string[]; day: string }) {
  try {
    const [ads] = await loadAdsAccounts(db, companyId, [dataSourceId], registry);
    const company = await getCompany(db, companyId);
    if (!ads || !company) throw new JobFlowError("Account not found");
    const range = resolveDateRange("CUSTOM", { timezone: ads.account.timezone, start: input.day, end: input.day });
    const rows: Record<string, unknown>[] = [];
    for await (const page of readBlendedSlice({ db, registry }, company, ads, { fields: input.fields, range, limit: 10 })) rows.push(...page.rows);
    return rows;
  } catch (error) {
    if (error instanceof EngineError) throw new JobFlowError(error.message);
    throw error;
  }
}

export type NewJob = {
  name: string;
  mode: "specific" | "source";
  dataSourceIds: number[];
  networkAuthorizationId?: number;
  report?: string;
  fields: string[];
  renames: Record<string, string>;
  recurrency: string;
  date: string;
  startDate?: string;
  endDate?: string;
  initialFetch?: boolean;
  dateInitialization?: string;
  startDateInitialization?: string;
  endDateInitialization?: string;
  partitionFieldId: string[];
  dataType?: "csv" | "json";
  tableName: string;
  shouldRunAllEvenIfFailed?: boolean;
};

type SourceChoices = Awaited<ReturnType<typeof accountChoices>>;

/** The accounts (or the source) chosen must be among the stream's platform's sources of the company. */
export function accountProblems(sources: SourceChoices, job: Pick<NewJob, "mode" | "dataSourceIds" | "networkAuthorizationId">): Record<string, string> {
  if (job.mode === "source") {
    if (job.networkAuthorizationId === undefined) return { networkAuthorizationId: JOB_MESSAGES.accounts };
    return sources.some((s) => s.id === job.networkAuthorizationId) ? {} : { networkAuthorizationId: JOB_MESSAGES.sourceNotFound };
  }
  if (job.dataSourceIds.length === 0) return { dataSourceIds: JOB_MESSAGES.accounts };
  const owned = new Set(sources.flatMap((s) => s.accounts.map((a) => a.id)));
  return job.dataSourceIds.every((id) => owned.has(id)) ? {} : { dataSourceIds: JOB_MESSAGES.accountNotFound };
}

/** The fields must be the report's, their renames names a destination takes, the partition one of its date fields. */
export function fieldProblems(fields: Pick<FieldDef, "id" | "fieldType">[], job: Pick<NewJob, "fields" | "renames"> & { partitionFieldId?: string[] }): Record<string, string> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const problems: Record<string, string> = {};
  const unknown = job.fields.filter((f) => !byId.has(f));
  if (job.fields.length === 0) problems.fields = JOB_MESSAGES.fields;
  else if (unknown.length) problems.fields = `Unknown fields: ${unknown.join(", ")}`;
  else {
    try {
      describeTable({ name: "t", fields: job.fields.map((id) => ({ name: (job.renames[id] ?? "").trim() || id, fieldType: byId.get(id)!.fieldType })) });
    } catch (error) {
      if (!(error instanceof DestinationError)) throw error;
      problems.fields = error.message;
    }
  }
  const dates = new Set(partitionableFields(fields).map((f) => f.id));
  if ((job.partitionFieldId ?? []).some((p) => !dates.has(p))) problems.partitionFieldId = JOB_MESSAGES.partitionNotDate;
  return problems;
}

/**
 * Everything about a job the server checks before writing it, whatever the form's hidden state
 * says: its source or accounts (this company's, of the stream's platform), report, fields and
 * renames, partition, format, and a table name the destination takes and no other job loads
 * (decision 0820). Field name -> message; empty when the job may be saved.
 */
export async function jobProblems(companyId: number, streamId: number, job: NewJob, opts: { jobId?: number; db?: DB } = {}): Promise<Record<string, string>> {
  const db = opts.db ?? getDb();
  const stream = await streams.getDatastream(db, companyId, streamId);
  if (!stream) throw new JobFlowError("Data stream not found");
  const kind = destinationKind(stream.destinationType);
  const [sources, choices] = await Promise.all([accountChoices(companyId, stream.platform, db), fieldChoices(stream.platform, job.report)]);
  const problems: Record<string, string> = { ...accountProblems(sources, job) };
  if (choices.reportProblem) problems.report = choices.reportProblem;
  else Object.assign(problems, fieldProblems(choices.fields, { ...job, partitionFieldId: kind === "sql" ? job.partitionFieldId : [] }));
  const t = tableNameProblem(kind, job.tableName) ?? (await tableTakenProblem(db, companyId, { destinationId: stream.destinationId, tableName: job.tableName, jobId: opts.jobId }));
  if (t) problems.tableName = t;
  const partitionProblem = kind === "sql" ? partitionFieldsProblem(stream.destinationType, job.partitionFieldId) : undefined;
  if (partitionProblem) problems.partitionFieldId = partitionProblem;
  if (kind === "storage" && !job.dataType) problems.dataType = "You need to choose a data format.";
  return problems;
}

/**
 * Runs `write` in a transaction holding the company's job-table lock, after checking the job again
 * inside it: two saves racing for one table cannot both pass (the unique claim index is the last
 * word for identical names).
 */
async function withCheckedJob<T>(companyId: number, streamId: number, job: NewJob, jobId: number | undefined, write: (trx: DB) => Promise<T>): Promise<T> {
  try {
    return await getDb().transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${JOB_TABLES_LOCK}, ${companyId})`.execute(trx);
      const problems = await jobProblems(companyId, streamId, job, { jobId, db: trx });
      if (Object.keys(problems).length) throw new JobInputError(problems);
      return write(trx);
    });
  } catch (error) {
    if (error instanceof streams.TableTakenError) throw new JobInputError({ tableName: `${error.message} Each run replaces its rows there, so two jobs cannot share a table: choose another name.` });
    if (error instanceof streams.NotOwnedError) throw new JobInputError({ [error.field]: error.field === "networkAuthorizationId" ? JOB_MESSAGES.sourceNotFound : JOB_MESSAGES.accountNotFound });
    throw error;
  }
}

/** Advisory lock namespace of job-table checks (the second key is the company). */
const JOB_TABLES_LOCK = 820;

const destinationKind = (type: string) => describeDestination(type)?.kind ?? "sql";

/** The stored shape of what the wizard (or the edit screen) gathered; only the chosen mode's and kind's values are kept. */
/** A stream over cross-platform ads takes accounts of every ads platform (decision 0933). */
const accountPlatformsOf = (platform: string) => (isBlendedStream(platform) ? { accountPlatforms: blendablePlatforms() } : {});

export function jobRowFrom(kind: string, job: NewJob): Omit<streams.JobInput, "datastreamId"> {
  const fields: Record<string, string> = {};
  for (const f of new Set([...job.fields, ...(kind === "sql" ? job.partitionFieldId : [])])) fields[f] = (job.renames[f] ?? "").trim() || f;
  return {
    name: job.name.trim(),
    recurrency: job.recurrency.trim(),
    date: job.date,
    startDate: job.date === "CUSTOM" ? (job.startDate ?? null) : null,
    endDate: job.date === "CUSTOM" ? (job.endDate ?? null) : null,
    hasToBeInitialized: Boolean(job.initialFetch),
    dateInitialization: job.initialFetch ? (job.dateInitialization ?? null) : null,
    startDateInitialization: job.initialFetch && (job.dateInitialization === "CUSTOM" || job.dateInitialization === "SINCE") ? (job.startDateInitialization ?? null) : null,
    endDateInitialization: job.initialFetch && job.dateInitialization === "CUSTOM" ? (job.endDateInitialization ?? null) : null,
    shouldRunAllEvenIfFailed: Boolean(job.shouldRunAllEvenIfFailed),
    networkAuthorizationId: job.mode === "source" ? (job.networkAuthorizationId ?? null) : null,
    fields,
    options: job.report ? { report: job.report } : {},
    tableName: job.tableName.trim(),
    partitionFieldId: kind === "sql" && job.partitionFieldId.length ? job.partitionFieldId.join(",") : null,
    dataType: kind === "storage" ? (job.dataType ?? "csv") : null,
    dataSourceIds: job.mode === "specific" ? job.dataSourceIds : [],
  };
}

/** Creates the job, its Schedule job:{id} and (initial fetch) its backfill; undoes the row if Temporal refuses. */
export async function createJobWithSchedule(companyId: number, streamId: number, job: NewJob): Promise<number> {
  const db = getDb();
  const stream = await streams.getDatastream(db, companyId, streamId);
  if (!stream) throw new JobFlowError("Data stream not found");
  const created = await withCheckedJob(companyId, streamId, job, undefined, (trx) =>
    streams.createJob(trx, companyId, { datastreamId: streamId, ...jobRowFrom(destinationKind(stream.destinationType), job), ...accountPlatformsOf(stream.platform) }),
  );
  try {
    const client = await getTemporalClient();
    await createJobSchedule(client, { companyId, jobId: created.id, recurrency: created.recurrency });
    if (created.hasToBeInitialized) await startInitialization(client, { companyId, jobId: created.id });
    else await triggerJob(client, created.id);
  } catch (error) {
    await streams.deleteJob(db, companyId, created.id);
    throw error;
  }
  // The first run is on its way: the job page shows it Queued at once, as the creation toast says.
  await streams.markRunRequested(db, companyId, created.id);
  return created.id;
}

/** What the job form offers for a stream: its accounts, the report's fields, the destination's kind and partition rule. */
export async function jobFormContext(companyId: number, streamId: number, report: string | undefined) {
  const stream = await streamDetail(companyId, streamId);
  if (!stream) throw new Response("Not found", { status: 404 });
  const [sources, fieldInfo] = await Promise.all([accountChoices(companyId, stream.platform), fieldChoices(stream.platform, report)]);
  const destination = describeDestination(stream.destination.type);
  return {
    stream: { id: stream.id, name: stream.name, platform: stream.platform, platformName: stream.platformName, destinationType: stream.destination.type },
    destinationKind: destination?.kind ?? "sql",
    partitionRule: destination?.partition ?? "multiple",
    sources,
    reports: fieldInfo.reports,
    defaultReport: fieldInfo.defaultReport,
    reportProblem: fieldInfo.reportProblem,
    fields: fieldInfo.fields.map((f) => ({ id: f.id, name: f.name, type: f.type, fieldType: f.fieldType, description: f.description, category: f.category })),
  };
}

/** The edit screen's starting values: the job as the wizard would have gathered it. */
export async function jobEditValues(companyId: number, streamId: number, jobId: number) {
  const db = getDb();
  const job = await streams.getJob(db, companyId, jobId);
  if (!job || job.datastreamId !== streamId) return undefined;
  const accountIds = job.networkAuthorizationId === null ? (await streams.jobAccounts(db, companyId, job)).map((a) => a.id) : [];
  const state: WizardState & { name: string } = {
    name: job.name,
    mode: job.networkAuthorizationId === null ? "specific" : "source",
    dataSourceIds: accountIds,
    networkAuthorizationId: job.networkAuthorizationId ?? undefined,
    report: jobReport(job),
    fields: Object.keys(job.fields),
    renames: Object.fromEntries(Object.entries(job.fields).filter(([id, name]) => name !== id)),
  };
  const deployment = {
    recurrency: job.recurrency,
    date: job.date,
    startDate: job.startDate ?? undefined,
    endDate: job.endDate ?? undefined,
    initialFetch: job.hasToBeInitialized,
    dateInitialization: job.dateInitialization ?? undefined,
    startDateInitialization: job.startDateInitialization ?? undefined,
    endDateInitialization: job.endDateInitialization ?? undefined,
    partitionFieldId: (job.partitionFieldId ?? "").split(",").filter(Boolean),
    dataType: job.dataType ?? undefined,
    tableName: job.tableName,
    shouldRunAllEvenIfFailed: job.shouldRunAllEvenIfFailed,
  };
  return { state, deployment };
}

/**
 * Makes the destination fit the job as edited (creates the table, adds the columns of added
 * fields) before it is saved: a destination that refuses the connection, or a table name it
 * rejects, leaves the job unchanged. Throws JobFlowError with the destination's message.
 */
async function prepareDestinationFor(db: DB, companyId: number, stream: streams.DatastreamRow, job: Omit<streams.JobInput, "datastreamId">): Promise<void> {
  const destinationRow = await getDestination(db, companyId, stream.destinationId);
  if (!destinationRow) throw new JobFlowError("The destination of this data stream no longer exists.");
  const blended = isBlendedStream(stream.platform);
  const firstAccount = job.dataSourceIds.length
    ? await db.selectFrom("dataSources").select("networkAuthorizationId").where("companyId", "=", companyId).where("id", "=", job.dataSourceIds[0]!).executeTakeFirst()
    : undefined;
  const sourceId = job.networkAuthorizationId ?? firstAccount?.networkAuthorizationId;
  const source = sourceId ? await getNetworkAuthorization(db, companyId, sourceId) : undefined;
  try {
    let defs: FieldDef[];
    if (blended) defs = blendedJobFields();
    else {
      const connector = registry.getConnector(stream.platform);
      const ctx = source ? connectorContextForSource(db, companyId, source, connector) : undefined;
      defs = await connector.listFields(ctx, { report: jobReport(job) });
    }
    const table = jobLoadTable(job, defs, { destinationType: destinationRow.type, platform: stream.platform });
    const loader = await openConfiguredDestination(destinationRow.type, readDestinationConfig(destinationRow));
    try {
      await loader.prepare(table);
    } finally {
      await loader.close();
    }
  } catch (error) {
    if (error instanceof DestinationError || error instanceof EngineError) throw new JobFlowError(error.message);
    throw error;
  }
}

/**
 * Saves an edited job: the destination is prepared first (added fields add columns), then the row,
 * its accounts and its Temporal Schedule job:{id} change in one transaction (a schedule Temporal
 * refuses to update rolls the row back), and the schedule's pause follows the accounts' blocks.
 * Returns false when the job is not this company's or not in this stream.
 */
export async function updateJobWithSchedule(companyId: number, streamId: number, jobId: number, job: NewJob): Promise<boolean> {
  const db = getDb();
  const current = await streams.getJob(db, companyId, jobId);
  if (!current || current.datastreamId !== streamId) return false;
  const stream = await streams.getDatastream(db, companyId, streamId);
  if (!stream) return false;
  const row = { ...jobRowFrom(destinationKind(stream.destinationType), job), ...accountPlatformsOf(stream.platform) };
  // Checked before prepare: preparing another job's table would add this job's columns to it.
  const problems = await jobProblems(companyId, streamId, job, { jobId });
  if (Object.keys(problems).length) throw new JobInputError(problems);
  await prepareDestinationFor(db, companyId, stream, row);
  const client = await getTemporalClient();
  await withCheckedJob(companyId, streamId, job, jobId, async (trx) => {
    if (!(await streams.updateJob(trx, companyId, jobId, row))) throw new JobFlowError("Job not found");
    await updateJobSchedule(client, { companyId, jobId, recurrency: row.recurrency });
    await syncBlockedPause(trx, client, companyId, [jobId]);
  });
  // A backfill newly asked for (or re-asked before the first finished) starts now; one in flight is kept.
  if (row.hasToBeInitialized && !current.isInitialized) await startInitialization(client, { companyId, jobId });
  return true;
}

// ---- blocked accounts pause and resume their jobs' schedules ---------------------------------

const UNBLOCKED_NOTE = "An account of this job was unblocked.";

/**
 * A job whose accounts are all blocked has its schedule paused (note ALL_BLOCKED_NOTE) and status
 * BLOCKED; once one of them is active again, a schedule paused for that reason resumes. A schedule
 * paused for another reason stays paused.
 */
export async function syncBlockedPause(db: DB, client: Client, companyId: number, jobIds: number[]): Promise<void> {
  for (const jobId of jobIds) {
    const job = await streams.getJob(db, companyId, jobId);
    if (!job) continue;
    const accounts = await streams.jobAccounts(db, companyId, job);
    const allBlocked = accounts.length > 0 && accounts.every((a) => a.blockedAt !== null);
    const pause = await jobSchedulePause(client, jobId);
    if (allBlocked) {
      if (pause && !pause.paused) await pauseJobSchedule(client, jobId, ALL_BLOCKED_NOTE);
      if (job.status !== "BLOCKED") await streams.updateJobState(db, companyId, jobId, { status: "BLOCKED" });
    } else {
      if (pause?.paused && pause.note === ALL_BLOCKED_NOTE) await unpauseJobSchedule(client, jobId, UNBLOCKED_NOTE);
      if (job.status === "BLOCKED") await streams.updateJobState(db, companyId, jobId, { status: job.lastLaunchedAt ? "ACTIVE" : "WAITING" });
    }
  }
}

/** After an account is blocked or unblocked (inside that change's transaction): the jobs reading it follow. */
export async function syncJobsOfAccount(companyId: number, dataSourceId: number, db: DB = getDb()): Promise<void> {
  const jobIds = await streams.jobIdsReadingAccount(db, companyId, dataSourceId);
  if (jobIds.length === 0) return;
  await syncBlockedPause(db, await getTemporalClient(), companyId, jobIds);
}

export async function runJobNow(companyId: number, jobId: number): Promise<boolean> {
  const job = await streams.getJob(getDb(), companyId, jobId);
  if (!job) return false;
  await triggerJob(await getTemporalClient(), jobId);
  await streams.markRunRequested(getDb(), companyId, jobId);
  return true;
}

export async function deleteJobCascade(companyId: number, jobId: number): Promise<boolean> {
  const db = getDb();
  const job = await streams.getJob(db, companyId, jobId);
  if (!job) return false;
  await deleteJobSchedule(await getTemporalClient(), jobId);
  return streams.deleteJob(db, companyId, jobId);
}

export const JOB_LOG_PAGE_SIZE = 50;

/** How many recent days a platform may still revise; 0 for a platform without a connector here (the page still shows). */
function restatementDaysOf(platform: string): number {
  try {
    return registry.getConnector(platform).restatementDays;
  } catch {
    return 0;
  }
}

export async function jobDetail(companyId: number, streamId: number, jobId: number, page: number) {
  const db = getDb();
  const job = await streams.getJob(db, companyId, jobId);
  if (!job || job.datastreamId !== streamId) return undefined;
  const stream = await streams.getDatastream(db, companyId, streamId);
  if (!stream) return undefined;
  const accounts = await streams.jobAccounts(db, companyId, job);
  const { logs, total } = await streams.listJobLogs(db, companyId, jobId, { offset: (page - 1) * JOB_LOG_PAGE_SIZE, limit: JOB_LOG_PAGE_SIZE });
  const last = logs[0];
  const schedule = await safeNextRun(jobId);
  const run = runProgress({
    requestedAt: job.runRequestedAt?.toISOString() ?? null,
    latest: last ? { startedAt: last.startedAt.toISOString(), success: last.success, step: last.lastStepReached, kind: last.kind, extractedRow: last.extractedRow || last.numberRow, numberRow: last.numberRow, steps: last.steps } : null,
    accounts: accounts.filter((a) => a.blockedAt === null).length,
    scheduleRunning: schedule.running,
    now: new Date(),
  });
  return {
    run,
    stream: {
      id: stream.id,
      name: stream.name,
      platform: stream.platform,
      platformName: platformName(stream.platform),
      destination: stream.destinationName,
      destinationType: stream.destinationType,
      /** Recent days the platform may still revise: runs re-fetch those the preset no longer covers. */
      restatementDays: restatementDaysOf(stream.platform),
    },
    job: {
      id: job.id,
      name: job.name,
      status: job.status,
      recurrency: job.recurrency,
      date: job.date,
      startDate: job.startDate,
      endDate: job.endDate,
      hasToBeInitialized: job.hasToBeInitialized,
      isInitialized: job.isInitialized,
      dateInitialization: job.dateInitialization,
      startDateInitialization: job.startDateInitialization,
      endDateInitialization: job.endDateInitialization,
      shouldRunAllEvenIfFailed: job.shouldRunAllEvenIfFailed,
      fields: job.fields,
      options: job.options,
      tableName: job.tableName,
      partitionFieldId: job.partitionFieldId,
      dataType: job.dataType,
      lastLaunchedAt: job.lastLaunchedAt?.toISOString() ?? null,
      allAccounts: job.networkAuthorizationId !== null,
      ...schedule,
    },
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, accountId: a.accountId, blocked: a.blockedAt !== null })),
    runs: total,
    lastRun: last ? { at: last.startedAt.toISOString(), success: last.success } : null,
    logs: logs.map((l) => ({
      id: l.id,
      startedAt: l.startedAt.toISOString(),
      dateStart: l.dateStart,
      dateEnd: l.dateEnd,
      requestedStart: l.requestedStart,
      requestedEnd: l.requestedEnd,
      duration: l.duration,
      step: l.lastStepReached,
      success: l.success,
      /** Rows committed to the destination. */
      numberRow: l.numberRow,
      /** Rows read from the platform (older logs only counted one number). */
      extractedRow: l.extractedRow || l.numberRow,
      message: l.message,
      kind: l.kind,
      steps: l.steps,
    })),
    total,
  };
}

export function messageOf(error: unknown): string {
  if (error instanceof EngineError || error instanceof JobFlowError) return error.message;
  return "";
}

// ---- what deleting a source or an account does to jobs (decision 0401) -----------------------

/** Deletes the jobs reading a source (and their schedules) before the source itself goes. */
export async function removeJobsReadingSource(companyId: number, sourceId: number, db = getDb()): Promise<number> {
  const jobIds = await streams.jobIdsUsingSource(db, companyId, sourceId);
  if (jobIds.length === 0) return 0;
  const client = await getTemporalClient();
  for (const jobId of jobIds) {
    await deleteJobSchedule(client, jobId);
    await streams.deleteJob(db, companyId, jobId);
  }
  return jobIds.length;
}

/** After an account is deactivated: a specific-accounts job left with none is deleted with its schedule. */
export async function removeJobsWithoutAccounts(companyId: number, db = getDb()): Promise<number> {
  const orphans = await db
    .selectFrom("datastreamJobs")
    .select("datastreamJobs.id")
    .where("datastreamJobs.companyId", "=", companyId)
    .where("datastreamJobs.networkAuthorizationId", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("datastreamJobAccounts").select("jobId").whereRef("datastreamJobAccounts.jobId", "=", "datastreamJobs.id"))))
    .execute();
  if (orphans.length === 0) return 0;
  const client = await getTemporalClient();
  for (const { id } of orphans) {
    await deleteJobSchedule(client, id);
    await streams.deleteJob(db, companyId, id);
  }
  return orphans.length;
}

/** What deleting a source would remove: its jobs, by data stream. */
export async function jobsReadingSource(companyId: number, sourceId: number, db = getDb()) {
  const ids = await streams.jobIdsUsingSource(db, companyId, sourceId);
  if (ids.length === 0) return [];
  const jobs = await streams.listJobs(db, companyId);
  return jobs.filter((j) => ids.includes(j.id)).map((j) => ({ id: j.id, name: j.name, datastream: j.datastreamName }));
}
