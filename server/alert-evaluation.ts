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
  nowIn,
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
import { readDigestedThroughCache, type DigestedRead } from "./read-cache/through.js";

export type AlertAccount = { accountId: string; name: string; timezone: string | null; currency: string | null };

export function accountTimezone(connector: Connector, account: AlertAccount): string {
  return timezoneOf(connector.timezone, account);
}

async function collect(iterable: AsyncIterable<{ rows: Row[] }>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const page of iterable) for (const row of page.rows) out.push(row);
  return out;
}

/** A read the cache did not serve (a context of no company: tests, the CLI): its rows digested as they are. */
function digestedRows(rows: Row[]): DigestedRead {
  return { digest: createHash("sha1").update(JSON.stringify(rows)).digest("base64"), rows: () => rows };
}

/**
 * Reads shared by the alerts of one batch: many alerts watch the same account over the same days,
 * so a read is made once per (source, account, granularity, range, fields) and kept. Rows are never
 * mutated downstream (buildEntitySeries copies what it keeps). `series` keeps the entity series
 * built from them per plan, for alerts that plan the very same reads.
 */
export type ReadMemo = { scope: string; cache: Map<string, Promise<DigestedRead>>; series?: Map<string, PlanReads> };

type AlertReads = { daily?: DigestedRead; hourly?: DigestedRead; config?: DigestedRead };

/**
 * Reads what the plan needs from the connector (daily, hourly, configuration), through the read
 * cache (decision 0890): stored days are not asked of the platform again, and a read's rows are
 * only decoded when an evaluation needs them (an alert whose input key is unchanged never does).
 */
async function readAlertInputs(connector: Connector, ctx: ConnectorContext, account: Account, plan: AlertReadPlan, memo?: ReadMemo): Promise<AlertReads> {
  const read = (fields: string[], range: { start: string; end: string }, granularity: "day" | "hour") => {
    const request = { accounts: [account], fields, range, granularity };
    const run = async () => (await readDigestedThroughCache(connector, ctx, request)) ?? digestedRows(await collect(connector.read(ctx, request)));
    if (!memo) return run();
    const key = `${memo.scope}\u0000${account.id}\u0000${granularity}\u0000${range.start}\u0000${range.end}\u0000${[...fields].sort().join(",")}`;
    let reads = memo.cache.get(key);
    if (!reads) {
      reads = run();
      // A failed read is not kept: the next alert of the batch tries again.
      reads.catch(() => memo.cache.delete(key));
      memo.cache.set(key, reads);
    }
    return reads;
  };
  const [daily, hourly, config] = await Promise.all([
    plan.daily && plan.metrics.length ? read(readFields(plan, "daily"), plan.daily, "day") : undefined,
    plan.hourly && plan.metrics.length ? read(readFields(plan, "hourly"), plan.hourly, "hour") : undefined,
    plan.config ? read(readFields(plan, "config"), plan.config.range, "day") : undefined,
  ]);
  return { daily, hourly, config };
}

/** The rows of what the plan needs (tests; the evaluation decodes them from readAlertInputs when it must). */
export async function readAlertData(connector: Connector, ctx: ConnectorContext, account: Account, plan: AlertReadPlan, memo?: ReadMemo): Promise<{ daily?: Row[]; hourly?: Row[]; config?: Row[] }> {
  const reads = await readAlertInputs(connector, ctx, account, plan, memo);
  return { daily: reads.daily?.rows(), hourly: reads.hourly?.rows(), config: reads.config?.rows() };
}

/**
 * The read scope snapshots are kept under (decision 0880): the level and the filters decide which
 * rows an entity's numbers add up, so alerts of an account share snapshots only when both match.
 */
const scopes = new Map<string, string>();
export function snapshotScope(level: string, filters: readonly AlertFilter[]): string {
  const text = JSON.stringify([level, filters.map((f) => [f.field, f.operator, f.value])]);
  // Asked several times for every alert of a pass, about a handful of distinct scopes.
  let scope = scopes.get(text);
  if (scope === undefined) {
    if (scopes.size >= 10_000) scopes.clear();
    scope = createHash("sha256").update(text).digest("hex").slice(0, 32);
    scopes.set(text, scope);
  }
  return scope;
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

export type AlertEvaluationOutput = { timezone: string; results: EntityResult[]; snapshots: RecordedSnapshots; inputKey: string };

/**
 * Bump when a change to the evaluation (engine/alerts, this file) can change the results of the
 * same inputs: stored input keys then no longer match and every alert is evaluated again.
 */
export const ALERT_EVALUATION_VERSION = 1;

/**
 * The snapshot days an evaluation can use: every stored day but the one recorded at `now` (the
 * judged day, read as it is now; see sameAgeSides in engine/alerts/evaluate.ts). Leaving it out
 * keeps the input key of the pass that records it equal to the next pass's.
 */
function usableSnapshotDays(days: BucketValues, recorded: string, metrics: readonly string[]): BucketValues {
  const out: BucketValues = {};
  for (const day in days) if (day !== recorded && metrics.every((m) => typeof days[day][m] === "number")) out[day] = days[day];
  return out;
}

const snapshotDigests = new WeakMap<Map<string, BucketValues>, { recorded: string; digest: string }>();
function snapshotsFingerprint(snapshots: Map<string, BucketValues> | undefined, recorded: string): string {
  if (!snapshots?.size) return "-";
  const known = snapshotDigests.get(snapshots);
  if (known?.recorded === recorded) return known.digest;
  const kept = [...snapshots].flatMap(([key, days]) => {
    const usable = Object.entries(days).filter(([day]) => day !== recorded);
    return usable.length ? [[key, usable]] : [];
  });
  const digest = kept.length ? createHash("sha1").update(JSON.stringify(kept)).digest("base64") : "-";
  snapshotDigests.set(snapshots, { recorded, digest });
  return digest;
}

/** The day (or hour) of `now` in a zone; a pass asks it for every alert at one instant. */
let lastClock: { timezone: string; at: number; hourly: boolean; value: string } | undefined;
function clockOf(timezone: string, now: Date, hourly: boolean): string {
  const at = now.getTime();
  if (lastClock?.timezone !== timezone || lastClock.at !== at || lastClock.hourly !== hourly) {
    lastClock = { timezone, at, hourly, value: nowIn(timezone, now).toFormat(hourly ? "yyyy-MM-dd'T'HH" : "yyyy-MM-dd") };
  }
  return lastClock.value;
}

/**
 * Everything an evaluation's results depend on (decision 0894): the evaluation code's version, the
 * definition, the account's zone and currency, the connector's restatement window, the read plan
 * (its ranges follow the day), the rows read, the snapshots, and the instant down to the day (the
 * hour when a window is counted in hours; the instant itself for pacing). Equal keys give equal
 * results: tests/integration/alert-input-key.test.ts compares skipped alerts with evaluated ones.
 */
function inputKeyOf(parts: { definition: Pick<AlertDefinition, "variables" | "requests">; timezone: string; currency: string | null; restatementDays: number; plan: AlertReadPlan; planJson: string; reads: AlertReads; snapshots: string; now: Date }): string {
  // Pacing projects the period from the share of it elapsed, to the instant: never the same input.
  const paced = parts.definition.variables.some((v) => v.type === "pacing");
  const clock = paced ? parts.now.toISOString() : clockOf(parts.timezone, parts.now, Boolean(parts.plan.hourly));
  return createHash("sha1")
    .update(
      JSON.stringify([
        ALERT_EVALUATION_VERSION,
        parts.definition,
        parts.timezone,
        parts.currency,
        parts.restatementDays,
        parts.planJson,
        clock,
        parts.reads.daily?.digest ?? "-",
        parts.reads.hourly?.digest ?? "-",
        parts.reads.config?.digest ?? "-",
        parts.snapshots,
      ]),
    )
    .digest("base64");
}

/** The rows of a plan's reads and, once some alert needed them, the entity series built from them. */
type PlanReads = { reads: AlertReads; series?: EntitySeries[] };

/** An alert's reads done and its input key known; `evaluate` computes the results. */
export type PreparedEvaluation = { inputKey: string; evaluate(): Promise<AlertEvaluationOutput> };

/**
 * Reads what an alert definition (its first network entry) needs on one account at `now` and
 * takes its input key (decision 0894), without evaluating: the worker compares the key with the
 * one of the alert's last evaluation first. `snapshots` are the account's stored days at
 * SNAPSHOT_AGE for this scope, by entity key (decision 0880).
 */
export async function prepareAlertEvaluation(input: {
  connector: Connector;
  ctx: ConnectorContext;
  account: AlertAccount;
  definition: Pick<AlertDefinition, "variables" | "requests">;
  now: Date;
  memo?: ReadMemo;
  snapshots?: Map<string, BucketValues>;
}): Promise<PreparedEvaluation> {
  const { connector, ctx, account, definition, now, memo, snapshots } = input;
  const request = Object.values(definition.requests)[0];
  const timezone = accountTimezone(connector, account);
  const plan = planAlertReads(definition, { level: request?.level ?? "ACCOUNT", filters: request?.filters ?? [] }, { timezone, now });
  const engineAccount: Account = { id: account.accountId, name: account.name, timezone, currency: account.currency ?? "USD" };
  // The reads and series depend only on the plan: alerts of a batch with the same plan on the same
  // account share them (evaluateAlert never mutates its input).
  const planJson = JSON.stringify(plan);
  const planKey = memo?.series ? `${memo.scope}\u0000${account.accountId}\u0000${planJson}` : undefined;
  let found = planKey ? memo!.series!.get(planKey) : undefined;
  if (!found) {
    found = { reads: await readAlertInputs(connector, ctx, engineAccount, plan, memo) };
    if (planKey) memo!.series!.set(planKey, found);
  }
  const reads = found;
  const { recorded } = snapshotDays(timezone, now);
  const inputKey = inputKeyOf({ definition: { variables: definition.variables, requests: definition.requests }, timezone, currency: account.currency, restatementDays: connector.restatementDays, plan, planJson, reads: reads.reads, snapshots: snapshotsFingerprint(snapshots, recorded), now });
  return {
    inputKey,
    async evaluate() {
      const series = (reads.series ??= buildEntitySeries(plan, { daily: reads.reads.daily?.rows(), hourly: reads.reads.hourly?.rows(), config: reads.reads.config?.rows() }));
      const scope = snapshotScope(plan.level, plan.filters);
      // Snapshot days count only when they hold every metric this alert reads.
      const withSnapshots = snapshots?.size
        ? series.map((e) => {
            const stored = snapshots.get(identificationKey(e.identification));
            const usable = stored ? usableSnapshotDays(stored, recorded, plan.metrics) : undefined;
            return usable && Object.keys(usable).length ? { ...e, atAge: { age: SNAPSHOT_AGE, daily: usable } } : e;
          })
        : series;
      const metrics = await metricCatalogue(connector);
      const results = evaluateAlert(definition, withSnapshots, { timezone, now, restatementDays: connector.restatementDays, metrics, currency: account.currency });
      const entities = plan.daily && plan.metrics.length
        ? series.flatMap((e) => {
            const values = e.daily?.[recorded];
            return values ? [{ key: identificationKey(e.identification), values: Object.fromEntries(plan.metrics.map((m) => [m, values[m] ?? 0])) }] : [];
          })
        : [];
      return { timezone, results, snapshots: { scope, day: recorded, entities }, inputKey };
    },
  };
}

/** Evaluates an alert definition on one account at `now` (the editor's preview, tests). */
export async function evaluateAlertOnAccount(
  connector: Connector,
  ctx: ConnectorContext,
  account: AlertAccount,
  definition: Pick<AlertDefinition, "variables" | "requests">,
  now: Date,
  memo?: ReadMemo,
  snapshots?: Map<string, BucketValues>,
): Promise<AlertEvaluationOutput> {
  return (await prepareAlertEvaluation({ connector, ctx, account, definition, now, memo, snapshots })).evaluate();
}

/** What a history row keeps of a result: the conditions and the pacing chart, not the metric series. */
export function historyOf(result: EntityResult): unknown {
  return { conditions: result.conditions, ...(result.pacing ? { pacing: result.pacing } : {}) };
}

export { identificationKey };
