// From an alert definition to the reads it needs, and from the rows read to the per-entity series
// the evaluator takes. The field ids are the shared ads ids (engine/connectors/shared/ads-fields.ts)
// that every ads connector, the demo included, reports under one name.
import type { CellValue, DateRange, Row } from "../core/types.js";
import type { AlertDefinition, AlertFilter } from "./definition.js";
import { compileFormula } from "./formula.js";
import type { EntitySeries } from "./evaluate.js";
import { chartWindowOf, hourKey, resolvePacingPeriod, resolveWindow } from "./windows.js";

/** Which dimension identifies an entity of a level, and which names it. */
export const LEVEL_FIELDS: Record<string, { id: string; name: string }> = {
  ACCOUNT: { id: "account_id", name: "account_name" },
  CAMPAIGN: { id: "campaign_id", name: "campaign_name" },
  ADGROUP: { id: "ad_group_id", name: "ad_group_name" },
};

export function levelFields(level: string): { id: string; name: string } {
  const fields = LEVEL_FIELDS[level];
  if (!fields) throw new Error(`Alerts do not support the level "${level}" yet`);
  return fields;
}

export interface AlertReadPlan {
  level: string;
  metrics: string[];
  daily?: DateRange;
  hourly?: DateRange;
  /** kpi: the configuration fields to read for each entity (latest value wins). */
  config?: { fields: string[]; range: DateRange };
  filters: AlertFilter[];
}

function widen(range: DateRange | undefined, next: DateRange): DateRange {
  if (!range) return { ...next };
  return { start: next.start < range.start ? next.start : range.start, end: next.end > range.end ? next.end : range.end };
}

/** The reads an alert needs at a given moment, in the account's timezone. */
export function planAlertReads(definition: Pick<AlertDefinition, "variables">, request: { level: string; filters?: AlertFilter[] }, ctx: { timezone: string; now: Date }): AlertReadPlan {
  const metrics = new Set<string>();
  const calculated = new Set<string>();
  let daily: DateRange | undefined;
  let hourly: DateRange | undefined;
  let config: AlertReadPlan["config"];
  for (const variable of definition.variables) {
    if (variable.type === "metric") {
      for (const c of variable.calculatedFields) {
        calculated.add(c.name);
        for (const f of compileFormula(c.field).fields) metrics.add(f);
      }
      for (const cond of variable.alertValue) {
        metrics.add(cond.metric);
        const durings = "during" in cond ? [cond.during] : [cond.duringTime1, cond.duringTime2];
        for (const w of durings.map((d) => resolveWindow(d, ctx))) {
          if (w.granularity === "hour") hourly = widen(hourly, w.days);
          else daily = widen(daily, w.days);
        }
        // The result's chart shows the windows with their recent history (evaluateEntity).
        const chart = chartWindowOf(durings, ctx);
        if (chart.granularity === "hour") hourly = widen(hourly, chart.days);
        else daily = widen(daily, chart.days);
      }
    } else if (variable.type === "pacing") {
      metrics.add(variable.metric || "cost");
      const period = resolvePacingPeriod(variable.period, ctx);
      daily = widen(daily, { start: period.elapsedDays[0], end: period.elapsedDays[period.elapsedDays.length - 1] });
    } else {
      // Configuration values as of the last week (an entity without traffic still reports them).
      const w = resolveWindow("7_days", ctx);
      const fields = new Set([...(config?.fields ?? []), variable.kpi]);
      config = { fields: [...fields], range: { start: w.days.start, end: resolvePacingPeriod("every_day", ctx).allDays[0] } };
    }
  }
  for (const name of calculated) metrics.delete(name);
  return { level: request.level, metrics: [...metrics], daily, hourly, config, filters: request.filters ?? [] };
}

/** The fields to ask the connector for in each read of the plan. */
export function readFields(plan: AlertReadPlan, kind: "daily" | "hourly" | "config"): string[] {
  const { id, name } = levelFields(plan.level);
  const filterFields = plan.filters.map((f) => f.field);
  if (kind === "config") return [...new Set([id, name, "date", ...(plan.config?.fields ?? []), ...filterFields])];
  const time = kind === "daily" ? ["date"] : ["date", "hour"];
  return [...new Set([id, name, ...time, ...filterFields, ...plan.metrics])];
}

/** Alert filters (spec 1 §3: field, operator, value list): equals/contains match any value; not_* match none. */
export function matchesAlertFilters(row: Row, filters: readonly AlertFilter[]): boolean {
  return filters.every((f) => {
    const cell = row[f.field];
    const text = cell === null || cell === undefined ? "" : String(cell).toLowerCase();
    const values = f.value.map((v) => v.toLowerCase());
    switch (f.operator) {
      case "equals":
        return values.some((v) => text === v);
      case "not_equals":
        return values.every((v) => text !== v);
      case "contains":
        return values.some((v) => text.includes(v));
      case "not_contains":
        return values.every((v) => !text.includes(v));
    }
  });
}

const asNumber = (v: CellValue | undefined): number => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : 0);

/**
 * Rows (already read) into one series per entity. Rows of the same bucket are summed (a
 * connector may return several rows per entity and day, e.g. per ad group at campaign level).
 */
export function buildEntitySeries(
  plan: AlertReadPlan,
  rows: { daily?: Iterable<Row>; hourly?: Iterable<Row>; config?: Iterable<Row> },
): EntitySeries[] {
  const { id, name } = levelFields(plan.level);
  const entities = new Map<string, EntitySeries>();
  const entityOf = (row: Row): EntitySeries | undefined => {
    const key = row[id];
    if (key === null || key === undefined || key === "") return undefined;
    const k = String(key);
    let e = entities.get(k);
    if (!e) {
      e = { identification: { [id]: k }, identifierName: row[name] ? String(row[name]) : k };
      entities.set(k, e);
    }
    return e;
  };
  const add = (target: Record<string, Record<string, number>>, bucket: string, row: Row) => {
    const values = (target[bucket] ??= {});
    for (const m of plan.metrics) values[m] = (values[m] ?? 0) + asNumber(row[m]);
  };
  for (const row of rows.daily ?? []) {
    if (!matchesAlertFilters(row, plan.filters)) continue;
    const e = entityOf(row);
    if (e && row.date) add((e.daily ??= {}), String(row.date), row);
  }
  for (const row of rows.hourly ?? []) {
    if (!matchesAlertFilters(row, plan.filters) || row.hour === null || row.hour === undefined) continue;
    const e = entityOf(row);
    if (e && row.date) add((e.hourly ??= {}), hourKey(String(row.date), Number(row.hour)), row);
  }
  const latest = new Map<EntitySeries, string>();
  for (const row of rows.config ?? []) {
    if (!matchesAlertFilters(row, plan.filters)) continue;
    const e = entityOf(row);
    if (!e) continue;
    const date = String(row.date ?? "");
    if ((latest.get(e) ?? "") > date) continue;
    latest.set(e, date);
    e.config = Object.fromEntries((plan.config?.fields ?? []).map((f) => [f, row[f] ?? null]));
  }
  return [...entities.values()].sort((a, b) => a.identifierName.localeCompare(b.identifierName));
}
