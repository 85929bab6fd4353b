// Alert evaluation as pure functions (docs/decisions/0500): the caller reads the series (one per
// identification: account, campaign, ad group) and passes them in with the account's timezone,
// the clock and the connector's restatement window; nothing here does I/O.
import type { CellValue } from "../core/types.js";
import type {
  AggregationOperator,
  AlertDefinition,
  AlertVariable,
  CalculatedField,
  Comparison,
  KpiVariable,
  MetricVariable,
  PacingVariable,
  ThresholdValue,
  TrendValue,
} from "./definition.js";
import { compileFormula, type CompiledFormula } from "./formula.js";
import { dayOfBucket, resolvePacingPeriod, resolveWindow, stillChangingDays, type AlertWindow } from "./windows.js";

export type AlertStatus = "ANOMALY" | "OK" | "NO_DATA";

/** Values of one identification: bucket key ("YYYY-MM-DD" or "YYYY-MM-DDTHH") -> metric -> number. */
export type BucketValues = Record<string, Record<string, number>>;

export interface EntitySeries {
  /** e.g. { campaign_id: "123" }; the key results and histories are stored under. */
  identification: Record<string, string>;
  identifierName: string;
  daily?: BucketValues;
  hourly?: BucketValues;
  /** Configuration values (kpi alerts), e.g. { campaign_status: "PAUSED", budget: 50 }. */
  config?: Record<string, CellValue>;
}

export interface EvaluationContext {
  timezone: string;
  now: Date;
  /** Connector.restatementDays. */
  restatementDays: number;
}

export interface ConditionOutcome {
  kind: "threshold" | "trend" | "kpi" | "pacing";
  label: string;
  fired: boolean;
  value: number | string | null;
  /** trend: the comparison window's value and the percent change. */
  reference?: number | null;
  change?: number | null;
  /** Some of the days read may still be revised by the platform. */
  stillChanging: boolean;
  /** A trend that would fire only because of still-changing days is held back. */
  heldBack?: boolean;
}

export interface ChartPoint {
  time: string;
  value: number | null;
  anomaly?: boolean;
}

export interface PacingChart {
  cumulative: ChartPoint[];
  projected: ChartPoint[];
  above?: number;
  below?: number;
}

export interface EntityResult {
  identification: Record<string, string>;
  identifierName: string;
  status: AlertStatus;
  stillChanging: boolean;
  conditions: ConditionOutcome[];
  /** Metric chart: series per metric over the main window. */
  series?: Record<string, ChartPoint[]>;
  pacing?: PacingChart;
}

// ---- aggregation and comparison -------------------------------------------------------------

export function aggregate(values: readonly (number | null | undefined)[], operator: AggregationOperator): number | null {
  const present = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (present.length === 0) return null;
  switch (operator) {
    case "sum":
      return present.reduce((a, b) => a + b, 0);
    case "avg":
      return present.reduce((a, b) => a + b, 0) / present.length;
    case "max":
      return Math.max(...present);
    case "min":
      return Math.min(...present);
    case "first":
      return present[0];
    case "last":
      return present[present.length - 1];
  }
}

/** Money and ratios arrive rounded to cents: equality tolerates float noise. */
const EPSILON = 1e-9;

export function compare(value: number, type: Comparison, target: number): boolean {
  if (type === "above") return value > target + EPSILON;
  if (type === "below") return value < target - EPSILON;
  return Math.abs(value - target) <= EPSILON * Math.max(1, Math.abs(target));
}

/** Percent change from reference to value; null when the reference is 0 (undefined change). */
export function percentChange(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null) return null;
  if (reference === 0) return value === 0 ? 0 : null;
  return ((value - reference) / Math.abs(reference)) * 100;
}

/**
 * Trend comparison (docs/decisions/0500): above = rose by more than trendValue %, below = fell
 * by more than trendValue %, equals = changed by trendValue % (either way, rounded to 0.1).
 */
export function trendFires(change: number | null, type: Comparison, trendValue: number): boolean {
  if (change === null) return false;
  if (type === "above") return change > trendValue + EPSILON;
  if (type === "below") return change < -trendValue - EPSILON;
  return Math.abs(Math.round(Math.abs(change) * 10) / 10 - trendValue) <= 0.05;
}

// ---- metric values over a window ------------------------------------------------------------

class MetricReader {
  private readonly formulas = new Map<string, CompiledFormula>();
  constructor(calculatedFields: readonly CalculatedField[]) {
    for (const c of calculatedFields) this.formulas.set(c.name, compileFormula(c.field));
  }
  isCalculated(metric: string) {
    return this.formulas.has(metric);
  }
  /** The metric's value in one bucket (calculated fields computed from the bucket's inputs). */
  bucketValue(values: Record<string, number> | undefined, metric: string): number | null {
    if (!values) return null;
    const formula = this.formulas.get(metric);
    if (formula) return formula.evaluate(values);
    const v = values[metric];
    return typeof v === "number" ? v : null;
  }
  /**
   * The metric aggregated over buckets. For sum and avg a calculated field is the formula over
   * the summed (averaged) inputs, so a cost per conversion over 7 days is 7 days' cost over 7
   * days' conversions, not a sum of daily ratios; for the others it is per bucket.
   */
  windowValue(series: BucketValues, buckets: readonly string[], metric: string, operator: AggregationOperator): number | null {
    const formula = this.formulas.get(metric);
    if (formula && (operator === "sum" || operator === "avg")) {
      const inputs: Record<string, number | null> = {};
      for (const f of formula.fields) inputs[f] = aggregate(buckets.map((b) => this.bucketValue(series[b], f)), operator);
      return formula.evaluate(inputs);
    }
    return aggregate(buckets.map((b) => this.bucketValue(series[b], metric)), operator);
  }
}

function seriesFor(entity: EntitySeries, window: AlertWindow): BucketValues {
  return (window.granularity === "hour" ? entity.hourly : entity.daily) ?? {};
}

function hasData(series: BucketValues, buckets: readonly string[]): boolean {
  return buckets.some((b) => series[b] !== undefined);
}

export function evaluateThreshold(
  cond: ThresholdValue,
  entity: EntitySeries,
  reader: MetricReader,
  ctx: EvaluationContext,
  changing: Set<string>,
): ConditionOutcome {
  const window = resolveWindow(cond.during, ctx);
  const series = seriesFor(entity, window);
  const value = hasData(series, window.buckets) ? reader.windowValue(series, window.buckets, cond.metric, cond.operator) : null;
  return {
    kind: "threshold",
    label: `${cond.operator}(${cond.metric}) ${cond.during} ${cond.thresholdType} ${cond.thresholdValue}`,
    fired: value !== null && compare(value, cond.thresholdType, cond.thresholdValue),
    value,
    stillChanging: window.buckets.some((b) => changing.has(dayOfBucket(b))),
  };
}

const hoursOf = (w: AlertWindow, buckets: readonly string[]) => buckets.length * (w.granularity === "hour" ? 1 : 24);

/**
 * The percent change of window 1 against window 2. Sums over windows of different lengths are
 * compared as rates per hour (yesterday's spend against the average day of the last 7); other
 * aggregations are already comparable.
 */
function trendChange(
  reader: MetricReader,
  cond: TrendValue,
  side1: { series: BucketValues; window: AlertWindow; buckets: readonly string[] },
  side2: { series: BucketValues; window: AlertWindow; buckets: readonly string[] },
): { v1: number | null; v2: number | null; change: number | null } {
  const raw = (s: typeof side1) => (hasData(s.series, s.buckets) ? reader.windowValue(s.series, s.buckets, cond.metric, cond.operator) : null);
  let v1 = raw(side1);
  let v2 = raw(side2);
  const h1 = hoursOf(side1.window, side1.buckets);
  const h2 = hoursOf(side2.window, side2.buckets);
  if (cond.operator === "sum" && h1 !== h2) {
    v1 = v1 === null ? null : v1 / h1;
    v2 = v2 === null ? null : v2 / h2;
  }
  return { v1, v2, change: percentChange(v1, v2) };
}

export function evaluateTrend(
  cond: TrendValue,
  entity: EntitySeries,
  reader: MetricReader,
  ctx: EvaluationContext,
  changing: Set<string>,
): ConditionOutcome {
  const w1 = resolveWindow(cond.duringTime1, ctx);
  const w2 = resolveWindow(cond.duringTime2, ctx);
  const s1 = seriesFor(entity, w1);
  const s2 = seriesFor(entity, w2);
  const { v1, v2, change } = trendChange(reader, cond, { series: s1, window: w1, buckets: w1.buckets }, { series: s2, window: w2, buckets: w2.buckets });
  const firedOnAll = trendFires(change, cond.trendType, cond.trendValue);
  const isChanging = (b: string) => changing.has(dayOfBucket(b));
  const stillChanging = w1.buckets.some(isChanging) || w2.buckets.some(isChanging);
  let fired = firedOnAll;
  let heldBack = false;
  if (firedOnAll && stillChanging) {
    // Never fire on still-changing days alone: the trend must also hold on the settled days of
    // window 1 (against the settled days of window 2, or all of it when none are settled).
    const settled1 = w1.buckets.filter((b) => !isChanging(b));
    const settled2 = w2.buckets.filter((b) => !isChanging(b));
    fired =
      settled1.length > 0 &&
      trendFires(
        trendChange(reader, cond, { series: s1, window: w1, buckets: settled1 }, { series: s2, window: w2, buckets: settled2.length ? settled2 : w2.buckets }).change,
        cond.trendType,
        cond.trendValue,
      );
    heldBack = !fired;
  }
  return {
    kind: "trend",
    label: `${cond.operator}(${cond.metric}) ${cond.duringTime1} vs ${cond.duringTime2} ${cond.trendType} ${cond.trendValue}%`,
    fired,
    value: v1,
    reference: v2,
    change,
    stillChanging,
    ...(heldBack ? { heldBack } : {}),
  };
}

export function kpiFires(variable: Pick<KpiVariable, "operator" | "value">, actual: CellValue | undefined): boolean {
  const empty = actual === null || actual === undefined || actual === "";
  switch (variable.operator) {
    case "null":
      return empty;
    case "not_null":
      return !empty;
    case "equal":
      return !empty && String(actual).trim().toLowerCase() === String(variable.value ?? "").trim().toLowerCase();
    case "not_equal":
      return empty || String(actual).trim().toLowerCase() !== String(variable.value ?? "").trim().toLowerCase();
  }
}

export function evaluateKpi(variable: KpiVariable, entity: EntitySeries): ConditionOutcome {
  const actual = entity.config?.[variable.kpi];
  return {
    kind: "kpi",
    label: `${variable.kpi} ${variable.operator}${variable.value ? ` ${variable.value}` : ""}`,
    fired: kpiFires(variable, actual),
    value: actual === undefined || actual === null ? null : typeof actual === "number" ? actual : String(actual),
    stillChanging: false,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Pacing: spend so far in the period against the amounts above/below, with a linear projection
 * to the period's end (spent / share of the period gone). It fires when the projection ends
 * above `above` or below `below`.
 */
export function evaluatePacing(variable: PacingVariable, entity: EntitySeries, ctx: EvaluationContext): { outcome: ConditionOutcome; chart: PacingChart } {
  const period = resolvePacingPeriod(variable.period, ctx);
  const daily = entity.daily ?? {};
  const metric = variable.metric || "cost";
  let running = 0;
  const cumulative: ChartPoint[] = period.elapsedDays.map((day) => {
    running += daily[day]?.[metric] ?? 0;
    return { time: day, value: round2(running) };
  });
  const spent = running;
  const projectedTotal = spent / period.elapsedFraction;
  const perDay = projectedTotal / period.allDays.length;
  const projected: ChartPoint[] = period.allDays.map((day, i) => ({ time: day, value: round2(perDay * (i + 1)) }));
  const { above, below } = variable.thresholds;
  const over = above !== undefined && projectedTotal > above + EPSILON;
  const under = below !== undefined && projectedTotal < below - EPSILON;
  const anyData = period.elapsedDays.some((d) => daily[d] !== undefined);
  return {
    outcome: {
      kind: "pacing",
      label: `${metric} ${variable.period}${above !== undefined ? ` above ${above}` : ""}${below !== undefined ? ` below ${below}` : ""}`,
      fired: anyData && (over || under),
      value: anyData ? round2(projectedTotal) : null,
      reference: round2(spent),
      stillChanging: true,
    },
    chart: { cumulative: cumulative.map((p, i) => ({ ...p, anomaly: i === cumulative.length - 1 && (over || under) })), projected, above, below },
  };
}

// ---- whole alerts -----------------------------------------------------------------------------

function mainWindow(variable: MetricVariable, ctx: EvaluationContext): AlertWindow {
  const v = variable.alertValue[0];
  return resolveWindow("during" in v ? v.during : v.duringTime1, ctx);
}

function metricSeries(variable: MetricVariable, entity: EntitySeries, reader: MetricReader, ctx: EvaluationContext, fired: boolean): Record<string, ChartPoint[]> {
  const window = mainWindow(variable, ctx);
  const series = seriesFor(entity, window);
  const out: Record<string, ChartPoint[]> = {};
  for (const cond of variable.alertValue) {
    out[cond.metric] ??= window.buckets.map((b) => ({ time: b, value: reader.bucketValue(series[b], cond.metric) }));
  }
  const first = out[variable.alertValue[0].metric];
  if (fired && first.length) first[first.length - 1] = { ...first[first.length - 1], anomaly: true };
  return out;
}

function statusOf(conditions: ConditionOutcome[]): AlertStatus {
  if (conditions.some((c) => c.fired)) return "ANOMALY";
  if (conditions.length > 0 && conditions.every((c) => c.value === null)) return "NO_DATA";
  return "OK";
}

/** One identification against every variable; any fired condition makes it an anomaly. */
export function evaluateEntity(variables: readonly AlertVariable[], entity: EntitySeries, ctx: EvaluationContext): EntityResult {
  const changing = stillChangingDays(ctx.restatementDays, ctx);
  const conditions: ConditionOutcome[] = [];
  let series: Record<string, ChartPoint[]> | undefined;
  let pacing: PacingChart | undefined;
  for (const variable of variables) {
    if (variable.type === "metric") {
      const reader = new MetricReader(variable.calculatedFields);
      const outcomes =
        variable.alertType === "threshold"
          ? variable.alertValue.map((c) => evaluateThreshold(c, entity, reader, ctx, changing))
          : variable.alertValue.map((c) => evaluateTrend(c, entity, reader, ctx, changing));
      conditions.push(...outcomes);
      series ??= metricSeries(variable, entity, reader, ctx, outcomes.some((o) => o.fired));
    } else if (variable.type === "kpi") {
      conditions.push(evaluateKpi(variable, entity));
    } else {
      const { outcome, chart } = evaluatePacing(variable, entity, ctx);
      conditions.push(outcome);
      pacing ??= chart;
    }
  }
  return {
    identification: entity.identification,
    identifierName: entity.identifierName,
    status: statusOf(conditions),
    stillChanging: conditions.some((c) => c.stillChanging),
    conditions,
    ...(series ? { series } : {}),
    ...(pacing ? { pacing } : {}),
  };
}

export function evaluateAlert(definition: Pick<AlertDefinition, "variables">, entities: readonly EntitySeries[], ctx: EvaluationContext): EntityResult[] {
  return entities.map((entity) => evaluateEntity(definition.variables, entity, ctx));
}

/** A stable key of an identification, for storing results and histories per entity. */
export function identificationKey(identification: Record<string, string>): string {
  return Object.keys(identification)
    .sort()
    .map((k) => `${k}=${identification[k]}`)
    .join("&");
}
