// Monitoring (issue 7): alerts ("sentries"), their bindings to accounts ("configured-fors"),
// results per identification with histories, runs and notifications. Every function used by
// routes takes (db, companyId, ...) and filters by company; the evaluation functions used by the
// worker (listConfiguredForsToEvaluate, loadEvaluationTargets, saveEvaluations) work on ids the
// worker got from the database itself and keep each row's company.
import { hash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { AlertStatusValue } from "../tables/alerts.js";
import { decodeStoredResult, encodeStoredResult } from "../../lib/alert-result-codec.js";

export type StoredDefinition = { variables: unknown[]; requests: Record<string, { accountId: string; platform: string; level: string; dataSourceId?: number; filters: unknown[] }> };

export type Sentry = {
  id: number;
  companyId: number;
  title: string;
  type: "metric" | "kpi" | "pacing" | "objective";
  useAsTemplate: boolean;
  pivot: boolean;
  platform: string;
  tags: string[];
  description: string | null;
  definition: StoredDefinition;
  createdAt: Date;
  updatedAt: Date;
};

export type SentryInput = { title: string; type: Sentry["type"]; useAsTemplate?: boolean; pivot?: boolean; platform: string; definition: StoredDefinition; createdById?: number | null; tags?: string[]; description?: string | null };

const parse = <T>(text: string): T => JSON.parse(text) as T;

function toSentry(row: { definition: string } & Omit<Sentry, "definition">): Sentry {
  return { ...row, definition: parse<StoredDefinition>(row.definition) };
}

const sentryColumns = ["id", "companyId", "title", "type", "useAsTemplate", "pivot", "platform", "tags", "description", "definition", "createdAt", "updatedAt"] as const;

export async function createSentry(db: DB, companyId: number, input: SentryInput): Promise<Sentry> {
  const row = await db
    .insertInto("sentries")
    .values({
      companyId,
      title: input.title,
      type: input.type,
      useAsTemplate: input.useAsTemplate ?? false,
      pivot: input.pivot ?? (input.type === "metric" || input.type === "kpi"),
      platform: input.platform,
      definition: JSON.stringify(input.definition),
      tags: input.tags ?? [],
      description: input.description ?? null,
      createdById: input.createdById ?? null,
    })
    .returning(sentryColumns)
    .executeTakeFirstOrThrow();
  return toSentry(row);
}

export async function updateSentry(db: DB, companyId: number, id: number, input: Omit<SentryInput, "createdById">): Promise<Sentry | undefined> {
  const row = await db
    .updateTable("sentries")
    .set({
      title: input.title,
      type: input.type,
      pivot: input.pivot ?? (input.type === "metric" || input.type === "kpi"),
      platform: input.platform,
      definition: JSON.stringify(input.definition),
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: new Date(),
    })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returning(sentryColumns)
    .executeTakeFirst();
  return row ? toSentry(row) : undefined;
}

export async function getSentry(db: DB, companyId: number, id: number): Promise<Sentry | undefined> {
  const row = await db.selectFrom("sentries").select(sentryColumns).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return row ? toSentry(row) : undefined;
}

export async function listSentries(db: DB, companyId: number, filter: { useAsTemplate?: boolean; platform?: string | string[] } = {}): Promise<Sentry[]> {
  let q = db.selectFrom("sentries").select(sentryColumns).where("companyId", "=", companyId);
  if (filter.useAsTemplate !== undefined) q = q.where("useAsTemplate", "=", filter.useAsTemplate);
  if (typeof filter.platform === "string") q = q.where("platform", "=", filter.platform);
  else if (filter.platform?.length) q = q.where("platform", "in", filter.platform);
  return (await q.orderBy("title").orderBy("id").execute()).map(toSentry);
}

/** A template's name and description (the company's templates page). */
export async function renameTemplate(db: DB, companyId: number, id: number, input: { title: string; description: string | null }): Promise<boolean> {
  const r = await db.updateTable("sentries").set({ ...input, updatedAt: new Date() }).where("companyId", "=", companyId).where("id", "=", id).where("useAsTemplate", "=", true).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteSentry(db: DB, companyId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("sentries").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- configured-fors --------------------------------------------------------------------------

export type ConfiguredFor = {
  id: number;
  companyId: number;
  sentryId: number;
  dataSourceId: number;
  snoozed: Date | null;
  lastAnalyze: Date | null;
  status: AlertStatusValue | null;
  entityAnalyzed: number;
  entityInAlert: number;
  lastError: string | null;
  runRequestedAt: Date | null;
  createdAt: Date;
  sentryTitle: string;
  sentryType: Sentry["type"];
  useAsTemplate: boolean;
  dataSourceName: string;
  accountId: string;
};

function configuredForQuery(db: DB, companyId: number) {
  return db
    .selectFrom("configuredFors as cf")
    .innerJoin("sentries as s", "s.id", "cf.sentryId")
    .innerJoin("dataSources as ds", "ds.id", "cf.dataSourceId")
    .select([
      "cf.id",
      "cf.companyId",
      "cf.sentryId",
      "cf.dataSourceId",
      "cf.snoozed",
      "cf.lastAnalyze",
      "cf.status",
      "cf.entityAnalyzed",
      "cf.entityInAlert",
      "cf.lastError",
      "cf.runRequestedAt",
      "cf.createdAt",
      "s.title as sentryTitle",
      "s.type as sentryType",
      "s.useAsTemplate",
      "ds.name as dataSourceName",
      "ds.accountId",
    ])
    .where("cf.companyId", "=", companyId);
}

/** Binds an alert to an account of the same company; returns the existing binding when there is one. */
export async function createConfiguredFor(db: DB, companyId: number, sentryId: number, dataSourceId: number): Promise<{ id: number; created: boolean } | undefined> {
  const owned = await db
    .selectFrom("sentries")
    .innerJoin("dataSources", (j) => j.on("dataSources.companyId", "=", companyId).on("dataSources.id", "=", dataSourceId))
    .select("sentries.id")
    .where("sentries.companyId", "=", companyId)
    .where("sentries.id", "=", sentryId)
    .executeTakeFirst();
  if (!owned) return undefined;
  const inserted = await db
    .insertInto("configuredFors")
    .values({ companyId, sentryId, dataSourceId, status: null, notifiedStatus: null, lastError: null })
    .onConflict((oc) => oc.columns(["sentryId", "dataSourceId"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await db
    .selectFrom("configuredFors")
    .select("id")
    .where("companyId", "=", companyId)
    .where("sentryId", "=", sentryId)
    .where("dataSourceId", "=", dataSourceId)
    .executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

export async function getConfiguredFor(db: DB, companyId: number, id: number): Promise<ConfiguredFor | undefined> {
  return configuredForQuery(db, companyId).where("cf.id", "=", id).executeTakeFirst();
}

export async function listConfiguredFors(db: DB, companyId: number, filter: { dataSourceId?: number; sentryId?: number; type?: Sentry["type"] } = {}): Promise<ConfiguredFor[]> {
  let q = configuredForQuery(db, companyId);
  if (filter.dataSourceId) q = q.where("cf.dataSourceId", "=", filter.dataSourceId);
  if (filter.sentryId) q = q.where("cf.sentryId", "=", filter.sentryId);
  if (filter.type) q = q.where("s.type", "=", filter.type);
  return q.orderBy("ds.name").orderBy("s.title").orderBy("cf.id").execute();
}

export async function setSnooze(db: DB, companyId: number, id: number, until: Date | null): Promise<boolean> {
  const r = await db.updateTable("configuredFors").set({ snoozed: until }).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteConfiguredFor(db: DB, companyId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("configuredFors").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export type AlertResult = {
  id: number;
  identifications: Record<string, string>;
  identifierName: string;
  lastStatus: AlertStatusValue;
  lastAnalyze: Date;
  stillChanging: boolean;
  anomalySince: Date | null;
  lastResult: unknown;
};

export async function listResults(db: DB, companyId: number, configuredForId: number): Promise<AlertResult[]> {
  const rows = await db
    .selectFrom("alertResults")
    .select(["id", "identifications", "identifierName", "lastStatus", "lastAnalyze", "stillChanging", "anomalySince", "lastResult"])
    .where("companyId", "=", companyId)
    .where("configuredForId", "=", configuredForId)
    .orderBy(sql`last_status = 'ANOMALY'`, "desc")
    .orderBy("identifierName")
    .execute();
  return rows.map((r) => ({ ...r, identifications: parse(r.identifications), lastResult: decodeStoredResult(r.lastResult) }));
}

export async function listResultHistories(db: DB, companyId: number, resultId: number, limit = 30): Promise<{ analyzedAt: Date; status: AlertStatusValue; result: unknown }[]> {
  const rows = await db
    .selectFrom("alertHistories")
    .select(["analyzedAt", "status", "result"])
    .where("companyId", "=", companyId)
    .where("resultId", "=", resultId)
    .orderBy("analyzedAt", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, result: parse(r.result) }));
}

/**
 * The detail page's timeline: each run row with the runs after it that had the same outcome
 * (repeats, until: decision 0891). The newest run's repeats are counted on its configured alert.
 */
export async function listRuns(db: DB, companyId: number, configuredForId: number, limit = 20) {
  return db
    .selectFrom("alertRuns as r")
    .innerJoin("configuredFors as cf", (j) => j.onRef("cf.id", "=", "r.configuredForId").onRef("cf.companyId", "=", "r.companyId"))
    .select([
      "r.id",
      "r.analyzedAt",
      "r.status",
      "r.entityAnalyzed",
      "r.entityInAlert",
      "r.message",
      sql<number>`case when r.id = cf.last_run_id then cf.run_repeats else r.repeats end`.as("repeats"),
      sql<Date | null>`case when r.id = cf.last_run_id then (case when cf.run_repeats > 0 then cf.last_analyze end) else r.last_analyzed_at end`.as("until"),
    ])
    .where("r.companyId", "=", companyId)
    .where("r.configuredForId", "=", configuredForId)
    .orderBy("r.analyzedAt", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}

/** Spec 1 §3 statsOnAlert per account: configured and in-anomaly counts per alert kind. */
export type AlertKindStats = { numberTotalConfigured: number; numberStatusTrue: number; type: string };
export async function statsOnAlert(db: DB, companyId: number, dataSourceIds?: number[]): Promise<Map<number, Record<string, AlertKindStats>>> {
  if (dataSourceIds && dataSourceIds.length === 0) return new Map();
  let q = db
    .selectFrom("configuredFors as cf")
    .innerJoin("sentries as s", "s.id", "cf.sentryId")
    .select([
      "cf.dataSourceId",
      "s.type",
      sql<number>`count(*)::int`.as("total"),
      sql<number>`count(*) filter (where cf.status = 'ANOMALY')::int`.as("inAnomaly"),
    ])
    .where("cf.companyId", "=", companyId)
    .groupBy(["cf.dataSourceId", "s.type"]);
  if (dataSourceIds) q = q.where("cf.dataSourceId", "in", dataSourceIds);
  const out = new Map<number, Record<string, AlertKindStats>>();
  for (const r of await q.execute()) {
    const key = `${r.type}/default`;
    const entry = out.get(r.dataSourceId) ?? {};
    entry[key] = { numberTotalConfigured: r.total, numberStatusTrue: r.inAnomaly, type: r.type };
    out.set(r.dataSourceId, entry);
  }
  return out;
}

// ---- evaluation (worker) --------------------------------------------------------------------------

/** Ids of configured alerts due for evaluation, oldest run first, in pages by id. */
export async function listConfiguredForsToEvaluate(db: DB, opts: { dueBefore: Date; limit: number; companyId?: number; ids?: number[] }): Promise<number[]> {
  // Sentries need no join: configured alerts cascade with them.
  let q = db
    .selectFrom("configuredFors as cf")
    .select("cf.id")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("dataSources as ds").select("ds.id").whereRef("ds.id", "=", "cf.dataSourceId").where("ds.blockedAt", "is not", null))))
    .where((eb) => eb.or([eb("cf.lastAnalyze", "is", null), eb("cf.lastAnalyze", "<", opts.dueBefore)]));
  if (opts.companyId) q = q.where("cf.companyId", "=", opts.companyId);
  if (opts.ids) q = q.where("cf.id", "in", opts.ids.length ? opts.ids : [-1]);
  // Grouped by account within a due time: a batch's alerts on one account share its reads.
  const page = q.orderBy(sql`cf.last_analyze nulls first`).orderBy("cf.dataSourceId").orderBy("cf.id").limit(opts.limit);
  if (opts.companyId || opts.ids) return (await page.execute()).map((r) => r.id);
  // The pass over every company lists its alerts page by page. Read in the due index's order and
  // stopped at the limit, a page costs its own rows; but with statistics that lag behind a pass
  // that just moved every alert's last run, PostgreSQL expected few due alerts and sorted them all
  // for every page (85-130 ms a page at 100,000 alerts, BENCH_PG_SAMPLE=1). Sorting is ruled out
  // for this statement only, which leaves the index's order.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    return (await trx.executeQuery(page.compile())).rows.map((r) => r.id);
  });
}

export type EvaluationTarget = {
  configuredForId: number;
  companyId: number;
  sentryId: number;
  title: string;
  type: Sentry["type"];
  definition: StoredDefinition;
  snoozed: Date | null;
  status: AlertStatusValue | null;
  notifiedStatus: AlertStatusValue | null;
  entityAnalyzed: number;
  entityInAlert: number;
  /** What the last successful evaluation read (decision 0894). */
  inputKey: string | null;
  dataSource: { id: number; name: string; accountId: string; timezone: string | null; currency: string | null };
  source: { id: number; platform: string; credentialEncrypted: string };
};

/** A target as its statement answers it, flat (the sources' columns prefixed). */
type TargetRow = Pick<EvaluationTarget, "companyId" | "sentryId" | "snoozed" | "status" | "notifiedStatus" | "entityAnalyzed" | "entityInAlert" | "inputKey" | "title" | "type"> & {
  id: number;
  definition: string;
  dsId: number;
  dsName: string;
  accountId: string;
  timezone: string | null;
  currency: string | null;
  naId: number;
  platform: string;
  credentialEncrypted: string;
};

/**
 * A batch's statements start from its ids, one index lookup each (`unnest ... lateral`, each
 * subquery kept apart by `limit`/`offset 0`, which PostgreSQL would otherwise flatten into a plain
 * join and plan from the statistics again), whatever the statistics say: in a first pass the tables grow by hundreds of thousands of rows in minutes,
 * and with statistics that lag, `id = any($ids)` was estimated to match every row, so PostgreSQL
 * scanned them all for every batch (95-210 ms a statement at 100,000 alerts; bench/alerts with
 * BENCH_PG_SAMPLE=1).
 */
export async function loadEvaluationTargets(db: DB, ids: number[]): Promise<EvaluationTarget[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TargetRow>`
    select cf.id, cf.company_id, cf.sentry_id, cf.snoozed, cf.status, cf.notified_status, cf.entity_analyzed, cf.entity_in_alert, cf.input_key,
           s.title, s.type, s.definition, ds.id as ds_id, ds.name as ds_name, ds.account_id, ds.timezone, ds.currency,
           na.id as na_id, na.platform, na.credential_encrypted
    from unnest(${ids}::int[]) as w(id)
    cross join lateral (select * from configured_fors where id = w.id limit 1) cf
    join lateral (select * from sentries where id = cf.sentry_id and company_id = cf.company_id limit 1) s on true
    join lateral (select * from data_sources where id = cf.data_source_id and company_id = cf.company_id limit 1) ds on true
    join lateral (select * from network_authorizations where id = ds.network_authorization_id and company_id = cf.company_id limit 1) na on true
    order by cf.id`.execute(db);
  return rows.map((r) => ({
    configuredForId: r.id,
    companyId: r.companyId,
    sentryId: r.sentryId,
    title: r.title,
    type: r.type,
    definition: parse<StoredDefinition>(r.definition),
    snoozed: r.snoozed,
    status: r.status,
    notifiedStatus: r.notifiedStatus,
    entityAnalyzed: r.entityAnalyzed,
    entityInAlert: r.entityInAlert,
    inputKey: r.inputKey,
    dataSource: { id: r.dsId, name: r.dsName, accountId: r.accountId, timezone: r.timezone, currency: r.currency },
    source: { id: r.naId, platform: r.platform, credentialEncrypted: r.credentialEncrypted },
  }));
}

export type EvaluatedEntity = {
  identificationKey: string;
  identifications: Record<string, string>;
  identifierName: string;
  status: AlertStatusValue;
  stillChanging: boolean;
  /** Full result (conditions and charts), kept as the result's last result. */
  result: unknown;
  /** What the history keeps (conditions, pacing chart): smaller than the full result. */
  history: unknown;
};

export type Evaluation = {
  companyId: number;
  configuredForId: number;
  analyzedAt: Date;
  entities: EvaluatedEntity[];
  error?: string;
  /** Digest of what this evaluation read (decision 0894); absent or null: the next pass evaluates. */
  inputKey?: string | null;
  /** Not evaluated again: its inputs were those of the last run, whose summary this repeats. */
  unchanged?: { status: AlertStatusValue; entityAnalyzed: number; entityInAlert: number };
};

export type SavedEvaluation = {
  configuredForId: number;
  companyId: number;
  status: AlertStatusValue | null;
  entityAnalyzed: number;
  entityInAlert: number;
  /** Results whose content changed since the last run (each got a history row). */
  changed: number;
};

/** The status of a whole configured alert: in anomaly when any result is (spec 1 §4). */
export function overallStatus(entities: readonly { status: AlertStatusValue }[]): AlertStatusValue {
  if (entities.some((e) => e.status === "ANOMALY")) return "ANOMALY";
  if (entities.length === 0 || entities.every((e) => e.status === "NO_DATA")) return "NO_DATA";
  return "OK";
}

/**
 * What identifies a result's stored content (decision 0891): equal digests, nothing to write. It is
 * taken on the stored form itself (the codec's text, which holds the identification, name, status
 * and whether it is still changing), so a result is serialised once whether it changed or not; a
 * separate JSON.stringify of every result for its digest was the pass's largest single cost. The
 * prefix tells these from the digests of the earlier form (a JSON array of the parts), which are
 * compared through the stored text instead, once.
 */
const DIGEST_PREFIX = "2:";
function resultDigest(encoded: string): string {
  return DIGEST_PREFIX + hash("sha1", encoded, "base64");
}

/**
 * Stores a batch of evaluations in one transaction with set-based statements, writing only what
 * changed (decision 0891): a result whose content is the one stored (same digest) is not
 * rewritten and gets no history row; a run whose outcome repeats the previous run is counted on
 * the configured alert instead of inserted (the timeline shows it as "analyzed, unchanged"). The
 * configured alert's summary is written every time (its last run time drives which alerts are
 * due). A failed evaluation (error) records a run and keeps the results.
 * The stored digests are read first (a few bytes a result), so an unchanged result's content
 * never travels to the database. Rows travel as one array per column (unnest): a handful of
 * parameters whatever the batch size, one plan, and the histories are inserted by the same
 * statement from the upsert's returned ids.
 */
export async function saveEvaluations(db: DB, evaluations: Evaluation[]): Promise<SavedEvaluation[]> {
  if (evaluations.length === 0) return [];
  const summaries: SavedEvaluation[] = evaluations.map((e) =>
    e.unchanged
      ? { configuredForId: e.configuredForId, companyId: e.companyId, ...e.unchanged, changed: 0 }
      : {
          configuredForId: e.configuredForId,
          companyId: e.companyId,
          status: e.error ? null : overallStatus(e.entities),
          entityAnalyzed: e.entities.length,
          entityInAlert: e.entities.filter((x) => x.status === "ANOMALY").length,
          changed: 0,
        },
  );
  // An unchanged alert's results are the stored ones: neither compared nor dropped.
  const evaluated = evaluations.filter((e) => !e.error && !e.unchanged);
  return db.transaction().execute(async (trx) => {
    if (evaluated.length) {
      // A digest of the earlier form comes with its stored text, compared once and then upgraded.
      const { rows: stored } = await sql<{ id: number; configuredForId: number; identificationKey: string; digest: string | null; legacyText: string | null }>`
        select r.id, r.configured_for_id, r.identification_key, r.digest, case when r.digest like ${`${DIGEST_PREFIX}%`} then null else r.last_result end as legacy_text
        from unnest(${evaluated.map((e) => e.configuredForId)}::int[]) as w(id)
        cross join lateral (select * from alert_results where configured_for_id = w.id offset 0) r`.execute(trx);
      const digests = new Map(stored.map((x) => [`${x.configuredForId}\u0000${x.identificationKey}`, x]));
      const upgraded = { ids: [] as number[], digests: [] as string[] };
      const kept = new Set<string>();
      // The changed results travel as one JSON array of rows: the stored texts (result, history,
      // identifications) are embedded as JSON values, so nothing is escaped again, where a text[]
      // parameter had the driver escape every character of every result (decision 0894).
      const changedRows: string[] = [];
      for (const e of evaluated) {
        const analyzedAt = JSON.stringify(e.analyzedAt.toISOString());
        for (const x of e.entities) {
          const at = `${e.configuredForId}\u0000${x.identificationKey}`;
          kept.add(at);
          const encoded = encodeStoredResult(x.result);
          const digest = resultDigest(encoded);
          const before = digests.get(at);
          if (before?.digest === digest) continue;
          if (before?.legacyText === encoded) {
            upgraded.ids.push(before.id);
            upgraded.digests.push(digest);
            continue;
          }
          changedRows.push(
            `[${e.companyId},${e.configuredForId},${JSON.stringify(x.identificationKey)},${JSON.stringify(x.identifications)},${JSON.stringify(x.identifierName)},${JSON.stringify(x.status)},${analyzedAt},${x.stillChanging},${encoded},${JSON.stringify(x.history)},${JSON.stringify(digest)}]`,
          );
        }
      }
      if (changedRows.length) {
        const { rows } = await sql<{ configuredForId: number; n: number }>`
          with v as materialized (
            select (e->>0)::int as company_id, (e->>1)::int as configured_for_id, e->>2 as identification_key, (e->3)::text as identifications, e->>4 as identifier_name,
                   e->>5 as last_status, (e->>6)::timestamptz as last_analyze, (e->>7)::boolean as still_changing, (e->8)::text as last_result, (e->9)::text as history, e->>10 as digest
            from json_array_elements(${`[${changedRows.join(",")}]`}::json) as e
          ), saved as (
            insert into alert_results (company_id, configured_for_id, identification_key, identifications, identifier_name, last_status, last_analyze, still_changing, last_result, digest, anomaly_since)
            select company_id, configured_for_id, identification_key, identifications, identifier_name, last_status, last_analyze, still_changing, last_result, digest,
                   case when last_status = 'ANOMALY' then last_analyze end from v
            on conflict (configured_for_id, identification_key) do update set
              anomaly_since = case
                when excluded.last_status <> 'ANOMALY' then null
                when alert_results.last_status = 'ANOMALY' then coalesce(alert_results.anomaly_since, excluded.last_analyze)
                else excluded.last_analyze end,
              identifications = excluded.identifications,
              identifier_name = excluded.identifier_name,
              last_status = excluded.last_status,
              last_analyze = excluded.last_analyze,
              still_changing = excluded.still_changing,
              last_result = excluded.last_result,
              digest = excluded.digest
            returning id, configured_for_id, identification_key
          ), histories as (
            insert into alert_histories (company_id, result_id, configured_for_id, analyzed_at, status, result)
            select v.company_id, saved.id, v.configured_for_id, v.last_analyze, v.last_status, v.history
            from saved join v on v.configured_for_id = saved.configured_for_id and v.identification_key = saved.identification_key
            order by saved.id
            returning configured_for_id
          )
          select configured_for_id, count(*)::int as n from histories group by configured_for_id`.execute(trx);
        const changed = new Map(rows.map((x) => [x.configuredForId, x.n]));
        for (const s of summaries) s.changed = changed.get(s.configuredForId) ?? 0;
      }
      if (upgraded.ids.length)
        await sql`update alert_results r set digest = u.digest from unnest(${upgraded.ids}::int[], ${upgraded.digests}::text[]) as u(id, digest) where r.id = u.id`.execute(trx);
      // Results of identifications that no longer exist (a campaign removed) are dropped.
      const gone = stored.filter((x) => !kept.has(`${x.configuredForId}\u0000${x.identificationKey}`)).map((x) => x.id);
      if (gone.length) await trx.deleteFrom("alertResults").where("id", "in", gone).execute();
    }
    // Runs and summaries in one statement: a run whose outcome repeats the newest run row is
    // counted (run_repeats); any other closes that row's span and is inserted.
    const run = { companyId: [] as number[], configuredForId: [] as number[], at: [] as Date[], status: [] as string[], analyzed: [] as number[], inAlert: [] as number[], error: [] as (string | null)[], inputKey: [] as (string | null)[] };
    evaluations.forEach((e, i) => {
      const s = summaries[i];
      run.companyId.push(e.companyId);
      run.configuredForId.push(e.configuredForId);
      run.at.push(e.analyzedAt);
      run.status.push(e.error ? "ERROR" : s.status!);
      run.analyzed.push(s.entityAnalyzed);
      run.inAlert.push(s.entityInAlert);
      run.error.push(e.error ?? null);
      run.inputKey.push(e.error ? null : (e.inputKey ?? null));
    });
    await sql`
      with v as materialized (
        select * from unnest(${run.companyId}::int[], ${run.configuredForId}::int[], ${run.at}::timestamptz[], ${run.status}::text[], ${summaries.map((s) => s.status)}::text[],
                             ${run.analyzed}::int[], ${run.inAlert}::int[], ${run.error}::text[], ${run.inputKey}::text[])
          as v(company_id, configured_for_id, analyzed_at, run_status, status, entity_analyzed, entity_in_alert, message, input_key)
      ), prev as materialized (
        select v.*, cf.last_run_id, cf.run_repeats, cf.last_analyze as previous_at,
          (r.id is not null and (r.status, r.entity_analyzed, r.entity_in_alert, r.message) is not distinct from (v.run_status, v.entity_analyzed, v.entity_in_alert, v.message)) as same
        from v
        join configured_fors cf on cf.id = v.configured_for_id and cf.company_id = v.company_id
        left join alert_runs r on r.id = cf.last_run_id
      ), closed as (
        update alert_runs r set repeats = p.run_repeats, last_analyzed_at = p.previous_at
        from prev p
        where not p.same and p.run_repeats > 0 and r.id = p.last_run_id
      ), inserted as (
        insert into alert_runs (company_id, configured_for_id, analyzed_at, status, entity_analyzed, entity_in_alert, message)
        select company_id, configured_for_id, analyzed_at, run_status, entity_analyzed, entity_in_alert, message from prev where not same
        returning id, configured_for_id
      )
      update configured_fors as cf set
        last_analyze = p.analyzed_at,
        status = coalesce(p.status, cf.status),
        entity_analyzed = case when p.status is null then cf.entity_analyzed else p.entity_analyzed end,
        entity_in_alert = case when p.status is null then cf.entity_in_alert else p.entity_in_alert end,
        last_error = p.message,
        input_key = p.input_key,
        last_run_id = coalesce(i.id, cf.last_run_id),
        run_repeats = case when i.id is null then cf.run_repeats + 1 else 0 end,
        run_requested_at = case when cf.run_requested_at <= p.analyzed_at then null else cf.run_requested_at end
      from prev p
      left join inserted i on i.configured_for_id = p.configured_for_id
      where cf.id = p.configured_for_id and cf.company_id = p.company_id`.execute(trx);
    return summaries;
  });
}

/** Keeps the newest `keep` histories per result (the detail page shows 30). */
export async function pruneHistories(db: DB, configuredForIds: number[], keep = 60): Promise<void> {
  if (configuredForIds.length === 0) return;
  // From the ids, one index lookup each (see loadEvaluationTargets): never a scan of every history.
  await sql`
    delete from alert_histories where id = any(array(
      select h.id from unnest(${configuredForIds}::int[]) as w(id)
      cross join lateral (
        select id, row_number() over (partition by result_id order by analyzed_at desc, id desc) as n
        from alert_histories where configured_for_id = w.id
      ) h where h.n > ${keep}))`.execute(db);
}

/** The first OK of alerts never notified is recorded without a message (server/alert-notifications). */
export async function markFirstOkSilently(db: DB, configuredForIds: number[]): Promise<void> {
  if (configuredForIds.length === 0) return;
  await db.updateTable("configuredFors").set({ notifiedStatus: "OK" }).where("id", "in", configuredForIds).where("notifiedStatus", "is", null).execute();
}

export type NotificationRecord = { companyId: number; configuredForId: number; status: AlertStatusValue; channel: "email" | "slack"; recipient: string; error?: string | null };

export async function recordNotifications(db: DB, records: NotificationRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insertInto("alertNotifications").values(records.map((r) => ({ ...r, error: r.error ?? null }))).execute();
}

/**
 * Claims the right to notify status changes, in one statement (rows locked in id order): answers
 * the ids whose notified status moved, i.e. the changes this caller, and only this caller, notifies.
 */
export async function claimNotifications(db: DB, claims: { companyId: number; configuredForId: number; status: AlertStatusValue }[]): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await sql<{ id: number }>`
    with wanted as (
      select * from unnest(${claims.map((c) => c.configuredForId)}::int[], ${claims.map((c) => c.companyId)}::int[], ${claims.map((c) => c.status)}::text[]) as w(id, company_id, status)
    ), old as (
      select c.id, c.notified_status, w.status from configured_fors c
      join wanted w on w.id = c.id and w.company_id = c.company_id
      order by c.id
      for update of c
    )
    update configured_fors cf set notified_status = old.status
    from old
    where cf.id = old.id and old.notified_status is distinct from old.status
    returning cf.id`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}

export async function listNotifications(db: DB, companyId: number, configuredForId: number) {
  return db
    .selectFrom("alertNotifications")
    .select(["status", "channel", "recipient", "sentAt", "error"])
    .where("companyId", "=", companyId)
    .where("configuredForId", "=", configuredForId)
    .orderBy("sentAt", "desc")
    .execute();
}

/** The account's assignees (spec 1 §2.4 settings General) with their e-mails. */
export type Assignee = { id: number; email: string; firstName: string | null; lastName: string | null; alertEmail: "each" | "digest" };

export async function listAssignees(db: DB, companyId: number, dataSourceId: number): Promise<Assignee[]> {
  return (await listAssigneesOf(db, companyId, [dataSourceId])).get(dataSourceId) ?? [];
}

/** The active assignees of several accounts of one company, by account. */
export async function listAssigneesOf(db: DB, companyId: number, dataSourceIds: number[]): Promise<Map<number, Assignee[]>> {
  const out = new Map<number, Assignee[]>();
  if (dataSourceIds.length === 0) return out;
  const rows = await db
    .selectFrom("dataSourceAssignees as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .innerJoin("dataSources as ds", "ds.id", "a.dataSourceId")
    .select(["a.dataSourceId", "u.id", "u.email", "u.firstName", "u.lastName", "u.alertEmail"])
    .where("ds.companyId", "=", companyId)
    .where("u.companyId", "=", companyId)
    .where("a.dataSourceId", "in", [...new Set(dataSourceIds)])
    .where("u.isActive", "=", true)
    .orderBy("u.email")
    .execute();
  for (const { dataSourceId, ...user } of rows) out.set(dataSourceId, [...(out.get(dataSourceId) ?? []), user]);
  return out;
}

/** Replaces the account's assignees with users of the same company only. */
export async function setAssignees(db: DB, companyId: number, dataSourceId: number, userIds: number[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ds = await trx.selectFrom("dataSources").select("id").where("companyId", "=", companyId).where("id", "=", dataSourceId).executeTakeFirst();
    if (!ds) return false;
    const users = userIds.length
      ? await trx.selectFrom("users").select("id").where("companyId", "=", companyId).where("id", "in", userIds).execute()
      : [];
    if (users.length !== new Set(userIds).size) return false;
    await trx.deleteFrom("dataSourceAssignees").where("dataSourceId", "=", dataSourceId).execute();
    if (users.length) await trx.insertInto("dataSourceAssignees").values(users.map((u) => ({ dataSourceId, userId: u.id }))).execute();
    return true;
  });
}

// ---- same-age snapshots (decision 0880) ----------------------------------------------------------

export type DaySnapshot = { companyId: number; dataSourceId: number; scope: string; entityKey: string; day: string; age: number; values: Record<string, number> };

/**
 * Records days as reported at their age, in one statement: alerts of an account that read the same
 * scope share a row, their metrics merged; a later evaluation at the same age overwrites the values
 * (the day as complete as it got at that age).
 */
export async function saveDaySnapshots(db: DB, snapshots: DaySnapshot[]): Promise<void> {
  if (snapshots.length === 0) return;
  const merged = new Map<string, DaySnapshot>();
  for (const x of snapshots) {
    const key = `${x.dataSourceId}\u0000${x.scope}\u0000${x.entityKey}\u0000${x.day}\u0000${x.age}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, values: { ...seen.values, ...x.values } } : x);
  }
  const rows = [...merged.values()].sort((a, b) => a.dataSourceId - b.dataSourceId || a.scope.localeCompare(b.scope) || a.entityKey.localeCompare(b.entityKey));
  await sql`
    insert into alert_day_snapshots (company_id, data_source_id, scope, entity_key, day, age, metrics)
    select * from unnest(${rows.map((r) => r.companyId)}::int[], ${rows.map((r) => r.dataSourceId)}::int[], ${rows.map((r) => r.scope)}::text[],
                         ${rows.map((r) => r.entityKey)}::text[], ${rows.map((r) => r.day)}::text[], ${rows.map((r) => r.age)}::smallint[],
                         ${rows.map((r) => JSON.stringify(r.values))}::text[])
    on conflict (data_source_id, scope, entity_key, day, age) do update set
      metrics = (alert_day_snapshots.metrics::jsonb || excluded.metrics::jsonb)::text,
      recorded_at = now()
    -- A pass that finds the day as stored writes nothing (decision 0891).
    where (alert_day_snapshots.metrics::jsonb || excluded.metrics::jsonb) is distinct from alert_day_snapshots.metrics::jsonb`.execute(db);
}

/** The stored days at `age` of some (account, scope) pairs since a day: "dataSourceId/scope" -> entity key -> day -> values. */
export async function loadDaySnapshots(db: DB, scopes: { dataSourceId: number; scope: string }[], age: number, since: string): Promise<Map<string, Map<string, Record<string, Record<string, number>>>>> {
  const out = new Map<string, Map<string, Record<string, Record<string, number>>>>();
  const pairs = [...new Map(scopes.map((s) => [`${s.dataSourceId}/${s.scope}`, s])).values()];
  if (pairs.length === 0) return out;
  const rows = await sql<{ dataSourceId: number; scope: string; entityKey: string; day: string; metrics: string }>`
    select s.data_source_id, s.scope, s.entity_key, s.day, s.metrics
    from unnest(${pairs.map((p) => p.dataSourceId)}::int[], ${pairs.map((p) => p.scope)}::text[]) as w(data_source_id, scope)
    join alert_day_snapshots s on s.data_source_id = w.data_source_id and s.scope = w.scope
    where s.age = ${age} and s.day >= ${since}`.execute(db);
  for (const r of rows.rows) {
    const key = `${r.dataSourceId}/${r.scope}`;
    const byEntity = out.get(key) ?? new Map<string, Record<string, Record<string, number>>>();
    const days = byEntity.get(r.entityKey) ?? {};
    days[r.day] = JSON.parse(r.metrics) as Record<string, number>;
    byEntity.set(r.entityKey, days);
    out.set(key, byEntity);
  }
  return out;
}

/** Drops the snapshots of some accounts older than a day (the longest window needs 30 days). */
export async function pruneDaySnapshots(db: DB, dataSourceIds: number[], before: string): Promise<void> {
  if (dataSourceIds.length === 0) return;
  await db.deleteFrom("alertDaySnapshots").where("dataSourceId", "in", [...new Set(dataSourceIds)]).where("day", "<", before).execute();
}

// ---- Run now --------------------------------------------------------------------------------------

/** Marks a Run now as asked: the detail page shows it running until an evaluation lands after it. */
export async function requestRun(db: DB, companyId: number, id: number, at: Date): Promise<boolean> {
  const r = await db.updateTable("configuredFors").set({ runRequestedAt: at }).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- the anomaly inbox (issue 18) ---------------------------------------------------------------

export type InboxFilter = { state?: "open" | "snoozed" | "all"; kind?: Sentry["type"]; dataSourceId?: number; assigneeId?: number | "nobody" };

export type InboxRow = {
  resultId: number;
  configuredForId: number;
  dataSourceId: number;
  dataSourceName: string;
  currency: string | null;
  title: string;
  type: Sentry["type"];
  identifierName: string;
  anomalySince: Date | null;
  lastAnalyze: Date;
  snoozed: Date | null;
  lastResult: unknown;
};

/** Entities in anomaly across the company's accounts, newest anomaly first (at most `limit`). */
export async function listInbox(db: DB, companyId: number, filter: InboxFilter, now: Date, limit = 200): Promise<InboxRow[]> {
  let q = db
    .selectFrom("alertResults as r")
    .innerJoin("configuredFors as cf", (j) => j.onRef("cf.id", "=", "r.configuredForId").onRef("cf.companyId", "=", "r.companyId"))
    .innerJoin("sentries as s", (j) => j.onRef("s.id", "=", "cf.sentryId").onRef("s.companyId", "=", "cf.companyId"))
    .innerJoin("dataSources as ds", (j) => j.onRef("ds.id", "=", "cf.dataSourceId").onRef("ds.companyId", "=", "cf.companyId"))
    .select([
      "r.id as resultId",
      "cf.id as configuredForId",
      "ds.id as dataSourceId",
      "ds.name as dataSourceName",
      "ds.currency",
      "s.title",
      "s.type",
      "r.identifierName",
      "r.anomalySince",
      "r.lastAnalyze",
      "cf.snoozed",
      "r.lastResult",
    ])
    .where("r.companyId", "=", companyId)
    .where("r.lastStatus", "=", "ANOMALY");
  const state = filter.state ?? "open";
  if (state === "open") q = q.where((eb) => eb.or([eb("cf.snoozed", "is", null), eb("cf.snoozed", "<=", now)]));
  if (state === "snoozed") q = q.where("cf.snoozed", ">", now);
  if (filter.kind) q = q.where("s.type", "=", filter.kind);
  if (filter.dataSourceId) q = q.where("ds.id", "=", filter.dataSourceId);
  if (filter.assigneeId === "nobody") q = q.where((eb) => eb.not(eb.exists(eb.selectFrom("dataSourceAssignees as a").select("a.userId").whereRef("a.dataSourceId", "=", "ds.id"))));
  else if (filter.assigneeId) {
    const userId = filter.assigneeId;
    q = q.where((eb) => eb.exists(eb.selectFrom("dataSourceAssignees as a").select("a.userId").whereRef("a.dataSourceId", "=", "ds.id").where("a.userId", "=", userId)));
  }
  const rows = await q.orderBy(sql`r.anomaly_since desc nulls last`).orderBy("r.id").limit(limit).execute();
  return rows.map((r) => ({ ...r, lastResult: decodeStoredResult(r.lastResult) }));
}

/** How many entities are in anomaly on alerts not snoozed (the inbox tab's count). */
export async function countOpenAnomalies(db: DB, companyId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom("alertResults as r")
    .innerJoin("configuredFors as cf", (j) => j.onRef("cf.id", "=", "r.configuredForId").onRef("cf.companyId", "=", "r.companyId"))
    .select(sql<number>`count(*)::int`.as("n"))
    .where("r.companyId", "=", companyId)
    .where("r.lastStatus", "=", "ANOMALY")
    .where((eb) => eb.or([eb("cf.snoozed", "is", null), eb("cf.snoozed", "<=", now)]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Active users on the daily digest not served on `today` yet (every company: the worker's pass). */
export async function listDigestUsers(db: DB, today: string): Promise<{ id: number; companyId: number; email: string }[]> {
  return db
    .selectFrom("users")
    .select(["id", "companyId", "email"])
    .where("alertEmail", "=", "digest")
    .where("isActive", "=", true)
    .where((eb) => eb.or([eb("digestSentOn", "is", null), eb("digestSentOn", "<", today)]))
    .orderBy("id")
    .execute();
}

/** Claims today's digest of a user: true for the one caller that moved digest_sent_on to today. */
export async function claimDigest(db: DB, userId: number, today: string): Promise<boolean> {
  const r = await db
    .updateTable("users")
    .set({ digestSentOn: today })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("digestSentOn", "is", null), eb("digestSentOn", "<", today)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Adds a user of the company to an account's assignees (the inbox's Assign), keeping the others. */
export async function addAssignee(db: DB, companyId: number, dataSourceId: number, userId: number): Promise<boolean> {
  const ok = await db
    .selectFrom("dataSources as ds")
    .innerJoin("users as u", (j) => j.on("u.companyId", "=", companyId).on("u.id", "=", userId))
    .select("ds.id")
    .where("ds.companyId", "=", companyId)
    .where("ds.id", "=", dataSourceId)
    .executeTakeFirst();
  if (!ok) return false;
  await db.insertInto("dataSourceAssignees").values({ dataSourceId, userId }).onConflict((oc) => oc.doNothing()).execute();
  return true;
}

// ---- daily account statistics (client area metric cards) ---------------------------------

export type DailyStat = { date: string; impressions: number; clicks: number; cost: number; conversions: number };

export async function upsertDailyStats(db: DB, companyId: number, dataSourceId: number, stats: DailyStat[]): Promise<void> {
  if (stats.length === 0) return;
  await db
    .insertInto("accountDailyStats")
    .values(stats.map((s) => ({ companyId, dataSourceId, ...s, updatedAt: new Date() })))
    .onConflict((oc) =>
      oc.columns(["dataSourceId", "date"]).doUpdateSet((eb) => ({
        impressions: eb.ref("excluded.impressions"),
        clicks: eb.ref("excluded.clicks"),
        cost: eb.ref("excluded.cost"),
        conversions: eb.ref("excluded.conversions"),
        updatedAt: eb.ref("excluded.updatedAt"),
      })),
    )
    .execute();
}

export async function listDailyStats(db: DB, companyId: number, dataSourceId: number, range: { start: string; end: string }): Promise<DailyStat[]> {
  return db
    .selectFrom("accountDailyStats")
    .select(["date", "impressions", "clicks", "cost", "conversions"])
    .where("companyId", "=", companyId)
    .where("dataSourceId", "=", dataSourceId)
    .where("date", ">=", range.start)
    .where("date", "<=", range.end)
    .orderBy("date")
    .execute();
}

// ---- URL checks -------------------------------------------------------------------------------

export type UrlCheckHistory = { status: number | null; date: string; costYesterday: number | null };

/** Records one crawl of a URL; the history keeps the newest 30 crawls. */
export async function recordUrlCheck(db: DB, companyId: number, dataSourceId: number, check: { url: string; status: number | null; costYesterday: number | null; at: Date }): Promise<void> {
  const existing = await db.selectFrom("urlChecks").select(["id", "histories"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).where("url", "=", check.url).executeTakeFirst();
  const entry: UrlCheckHistory = { status: check.status, date: check.at.toISOString(), costYesterday: check.costYesterday };
  const histories = JSON.stringify([entry, ...(existing ? parse<UrlCheckHistory[]>(existing.histories) : [])].slice(0, 30));
  if (existing) {
    await db.updateTable("urlChecks").set({ lastCrawl: check.at, lastStatus: check.status, costYesterday: check.costYesterday, histories }).where("id", "=", existing.id).execute();
  } else {
    await db.insertInto("urlChecks").values({ companyId, dataSourceId, url: check.url, lastCrawl: check.at, lastStatus: check.status, costYesterday: check.costYesterday, histories }).execute();
  }
}

export async function listUrlChecks(db: DB, companyId: number, dataSourceId: number) {
  const rows = await db.selectFrom("urlChecks").select(["id", "url", "lastCrawl", "lastStatus", "costYesterday", "histories"]).where("companyId", "=", companyId).where("dataSourceId", "=", dataSourceId).orderBy("url").execute();
  return rows.map((r) => ({ ...r, histories: parse<UrlCheckHistory[]>(r.histories) }));
}
