// Evaluating one alert on one account with live data, shared by the worker (scheduled runs) and
// the app (the editor's preview): plan the reads (engine/alerts), read through the connector,
// build the per-entity series and evaluate. No database writes here.
import { createHash } from "node:crypto";
import {
  evaluateAlert,
  buildEntitySeries,
  identificationKey,
  planAlertReads,
  readFields,
  resolveWindow,
  SNAPSHOT_AGE,
  ADS_FIELD,
  accountTimezone as timezoneOf,
  type AlertDefinition,
  type AlertFilter,
  type AlertReadPlan,
  type BucketValues,
  type EntityResult,
  type EntitySeries,
  type MetricInfo,
  type Account,
  type Connector,
  type ConnectorContext,
  type FieldDef,
  type Row,
} from "../engine/index.js";
import { readThroughCache } from "./read-cache/through.js";

export type AlertAccount = { accountId: string; name: string; timezone: string | null; currency: string | null };

export function accountTimezone(connector: Connector, account: AlertAccount): string {
  return timezoneOf(connector.timezone, account);
}

async function collect(iterable: AsyncIterable<{ rows: Row[] }>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const page of iterable) for (const row of page.rows) out.push(row);
  return out;
}

/**
 * Reads shared by the alerts of one batch: many alerts watch the same account over the same days,
 * so a read is made once per (source, account, granularity, range, fields) and its rows reused.
 * Rows are never mutated downstream (buildEntitySeries copies what it keeps). `series` keeps the
 * entity series built from them per plan, for alerts that plan the very same reads.
 */
export type ReadMemo = { scope: string; cache: Map<string, Promise<Row[]>>; series?: Map<string, EntitySeries[]> };

/** Reads what the plan needs from the connector (daily, hourly, configuration). */
export async function readAlertData(
  connector: Connector,
  ctx: ConnectorContext,
  account: Account,
  plan: AlertReadPlan,
  memo?: ReadMemo,
): Promise<{ daily?: Row[]; hourly?: Row[]; config?: Row[] }> {
  const read = (fields: string[], range: { start: string; end: string }, granularity: "day" | "hour") => {
    // Through the read cache (decision 0890): stored days are not asked of the platform again.
    const run = () => collect(readThroughCache(connector, ctx, { accounts: [account], fields, range, granularity }));
    if (!memo) return run();
    const key = `${memo.scope}\u0000${account.id}\u0000${granularity}\u0000${range.start}\u0000${range.end}\u0000${[...fields].sort().join(",")}`;
    let rows = memo.cache.get(key);
    if (!rows) {
      rows = run();
      // A failed read is not kept: the next alert of the batch tries again.
      rows.catch(() => memo.cache.delete(key));
      memo.cache.set(key, rows);
    }
    return rows;
  };
  const [daily, hourly, config] = await Promise.all([
    plan.daily && plan.metrics.length ? read(readFields(plan, "daily"), plan.daily, "day") : undefined,
    plan.hourly && plan.metrics.length ? read(readFields(plan, "hourly"), plan.hourly, "hour") : undefined,
    plan.config ? read(readFields(plan, "config"), plan.config.range, "day") : undefined,
  ]);
  return { daily, hourly, config };
}

/**
 * The read scope snapshots are kept under (decision 0880): the level and the filters decide which
 * rows an entity's numbers add up, so alerts of an account share snapshots only when both match.
 */
export function snapshotScope(level: string, filters: readonly AlertFilter[]): string {
  return createHash("sha256").update(JSON.stringify([level, filters.map((f) => [f.field, f.operator, f.value])])).digest("hex").slice(0, 32);
}

/** An alert's scope key from its stored definition (the worker loads snapshots before evaluating). */
export function scopeOfDefinition(definition: Pick<AlertDefinition, "requests">): string {
  const request = Object.values(definition.requests)[0];
  return snapshotScope(request?.level ?? "ACCOUNT", request?.filters ?? []);
}

/** Snapshot days to keep and load: the longest trend window (30 days) and a margin. */
export const SNAPSHOT_DAYS = 40;

/** The day (YYYY-MM-DD, account timezone) that is SNAPSHOT_AGE days old now, and the first day kept. */
export function snapshotDays(timezone: string, now: Date): { recorded: string; since: string } {
  const recorded = resolveWindow("yesterday", { timezone, now }).buckets[0];
  const since = new Date(Date.parse(`${recorded}T00:00:00Z`) - (SNAPSHOT_DAYS - SNAPSHOT_AGE) * 86_400_000).toISOString().slice(0, 10);
  return { recorded, since };
}

/** Names and units of a platform's metrics (from its field list, else the shared ads fields), cached. */
const metricCatalogues = new Map<string, Promise<Record<string, MetricInfo>>>();
export function metricCatalogue(connector: Connector): Promise<Record<string, MetricInfo>> {
  let catalogue = metricCatalogues.get(connector.id);
  if (!catalogue) {
    const toInfo = (fields: readonly FieldDef[]) =>
      Object.fromEntries(fields.filter((f) => f.type === "metric").map((f) => [f.id, { name: f.name, unit: f.fieldType === "CURRENCY" ? "currency" : f.fieldType === "PERCENT" ? "percent" : "number" } satisfies MetricInfo]));
    // A platform that needs a credential to list its fields: the shared ads ids name the usual ones.
    catalogue = connector.listFields(undefined).then(toInfo, () => toInfo(Object.values(ADS_FIELD)));
    metricCatalogues.set(connector.id, catalogue);
  }
  return catalogue;
}

/** What an evaluation records for later same-age comparisons: each entity's day at SNAPSHOT_AGE. */
export type RecordedSnapshots = { scope: string; day: string; entities: { key: string; values: Record<string, number> }[] };

export type AlertEvaluationOutput = { timezone: string; results: EntityResult[]; snapshots: RecordedSnapshots };

/**
 * Evaluates an alert definition (its first network entry) on one account at `now`. `snapshots`
 * are the account's stored days at SNAPSHOT_AGE for this scope, by entity key (decision 0880).
 */
export async function evaluateAlertOnAccount(
  connector: Connector,
  ctx: ConnectorContext,
  account: AlertAccount,
  definition: Pick<AlertDefinition, "variables" | "requests">,
  now: Date,
  memo?: ReadMemo,
  snapshots?: Map<string, BucketValues>,
): Promise<AlertEvaluationOutput> {
  const request = Object.values(definition.requests)[0];
  const timezone = accountTimezone(connector, account);
  const plan = planAlertReads(definition, { level: request?.level ?? "ACCOUNT", filters: request?.filters ?? [] }, { timezone, now });
  const engineAccount: Account = { id: account.accountId, name: account.name, timezone, currency: account.currency ?? "USD" };
  // The series depend only on the plan and the rows it reads: alerts of a batch with the same plan
  // on the same account share them (evaluateAlert never mutates its input).
  const seriesKey = memo?.series ? `${memo.scope}\u0000${account.accountId}\u0000${JSON.stringify(plan)}` : undefined;
  let series = seriesKey ? memo!.series!.get(seriesKey) : undefined;
  if (!series) {
    const rows = await readAlertData(connector, ctx, engineAccount, plan, memo);
    series = buildEntitySeries(plan, rows);
    if (seriesKey) memo!.series!.set(seriesKey, series);
  }
  const scope = snapshotScope(plan.level, plan.filters);
  const { recorded } = snapshotDays(timezone, now);
  // Snapshot days count only when they hold every metric this alert reads.
  const complete = (days: BucketValues): BucketValues => Object.fromEntries(Object.entries(days).filter(([, v]) => plan.metrics.every((m) => typeof v[m] === "number")));
  const withSnapshots = snapshots?.size
    ? series.map((e) => {
        const stored = snapshots.get(identificationKey(e.identification));
        return stored ? { ...e, atAge: { age: SNAPSHOT_AGE, daily: complete(stored) } } : e;
      })
    : series;
  const [metrics] = await Promise.all([metricCatalogue(connector)]);
  const results = evaluateAlert(definition, withSnapshots, { timezone, now, restatementDays: connector.restatementDays, metrics, currency: account.currency });
  const entities = plan.daily && plan.metrics.length
    ? series.flatMap((e) => {
        const values = e.daily?.[recorded];
        return values ? [{ key: identificationKey(e.identification), values: Object.fromEntries(plan.metrics.map((m) => [m, values[m] ?? 0])) }] : [];
      })
    : [];
  return { timezone, results, snapshots: { scope, day: recorded, entities } };
}

/** What a history row keeps of a result: the conditions and the pacing chart, not the metric series. */
export function historyOf(result: EntityResult): unknown {
  return { conditions: result.conditions, ...(result.pacing ? { pacing: result.pacing } : {}) };
}

export { identificationKey };
