// Evaluating one alert on one account with live data, shared by the worker (scheduled runs) and
// the app (the editor's preview): plan the reads (engine/alerts), read through the connector,
// build the per-entity series and evaluate. No database writes here.
import { evaluateAlert, buildEntitySeries, identificationKey, planAlertReads, readFields, type AlertReadPlan, type EntityResult, type EntitySeries, type AlertDefinition, type Account, type Connector, type ConnectorContext, type Row, accountTimezone as timezoneOf } from "../engine/index.js";
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

export type AlertEvaluationOutput = { timezone: string; results: EntityResult[] };

/** Evaluates an alert definition (its first network entry) on one account at `now`. */
export async function evaluateAlertOnAccount(
  connector: Connector,
  ctx: ConnectorContext,
  account: AlertAccount,
  definition: Pick<AlertDefinition, "variables" | "requests">,
  now: Date,
  memo?: ReadMemo,
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
  const results = evaluateAlert(definition, series, { timezone, now, restatementDays: connector.restatementDays });
  return { timezone, results };
}

/** What a history row keeps of a result: the conditions and the pacing chart, not the metric series. */
export function historyOf(result: EntityResult): unknown {
  return { conditions: result.conditions, ...(result.pacing ? { pacing: result.pacing } : {}) };
}

export { identificationKey };
