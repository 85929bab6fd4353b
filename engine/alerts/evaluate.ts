// Alert evaluation as pure functions (docs/decisions/0500): the caller reads the series (one per
// identification: account, campaign, ad group) and passes them in with the account's timezone,
// the clock and the connector's restatement window; nothing here does I/O. Days the platform may
// still revise are judged, and the result says it is provisional until they settle (decision
// 0880, which measured this rule against holding them back).
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
  During,
  KpiOperator,
  PacingPeriod,
  ThresholdValue,
  TrendValue,
} from "./definition.js";
import { compileFormula, type CompiledFormula } from "./formula.js";
import { chartWindowOf, dayAge, dayOfBucket, resolvePacingPeriod, resolveWindow, settlesOn, stillChangingDays, type AlertWindow } from "./windows.js";

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
  /**
   * Earlier days as the platform reported them when they were `age` days old (stored snapshots,
   * decision 0880): a trend judging a still-changing day compares like with like through them.
   */
  atAge?: { age: number; daily: BucketValues };
}

/**
 * How a trend judges days the platform may still revise (decision 0880):
 * - provisional: both windows as read, the result marked provisional until the days settle (the rule);
 * - hold-back: decision 0500's first rule, a trend firing only because of still-changing days is held back;
 * - settled-reference: window 1 as read against the settled days of window 2 only.
 * The last two are kept for bench/alert-rules, which measures the three on the demo data.
 */
export type RestatementRule = "provisional" | "hold-back" | "settled-reference";

/** A metric's display name and unit, so a result can explain itself ("Cost yesterday €1,234"). */
export type MetricInfo = { name: string; unit: "currency" | "percent" | "number" };

export interface EvaluationContext {
  timezone: string;
  now: Date;
  /** Connector.restatementDays. */
  restatementDays: number;
  rule?: RestatementRule;
  /** The platform's metrics by id (names and units); ids not listed read as plain numbers. */
  metrics?: Record<string, MetricInfo>;
  /** The account's currency (ISO 4217), for money metrics. */
  currency?: string | null;
}

export interface ConditionOutcome {
  kind: "threshold" | "trend" | "kpi" | "pacing";
  label: string;
  fired: boolean;
  value: number | string | null;
  /** trend: the comparison window's value and the percent change; pacing: spent so far. */
  reference?: number | null;
  change?: number | null;
  /** Some of the days read may still be revised by the platform. */
  stillChanging: boolean;
  /** Written by the hold-back rule (rows stored before decision 0880 carry it too). */
  heldBack?: boolean;
  /** Judged on days the platform may still revise: the verdict may change until `settlesOn`. */
  provisional?: boolean;
  /** The first day on which every day judged is final (YYYY-MM-DD, account timezone). */
  settlesOn?: string;
  // What the condition was, so the outcome explains itself without its definition
  // (engine/alerts/explain.ts). Absent on rows stored before decision 0880.
  metric?: string;
  metricName?: string;
  /** An ISO currency for money metrics, "%" for ratio metrics, absent for plain numbers. */
  unit?: string;
  operator?: AggregationOperator;
  during?: During;
  /** trend: the comparison window. */
  during2?: During;
  comparison?: Comparison;
  /** threshold: the amount; trend: the percent. */
  target?: number;
  /** trend sums over windows of different lengths compare rates per day (or per hour). */
  per?: "day" | "hour";
  /** trend: every day of both windows was taken as reported at this many days old (like with like). */
  comparedAtAge?: number;
  /** kpi: the operator and the expected value. */
  kpiOperator?: KpiOperator;
  expected?: string;
  /** pacing: the period and the amounts. */
  period?: PacingPeriod;
  above?: number;
  below?: number;
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

/** A horizontal line on a metric chart: the threshold, or a trend's reference and alert level. */
export interface ChartGuide {
  kind: "threshold" | "reference" | "trigger";
  value: number;
}

export interface EntityResult {
  identification: Record<string, string>;
  identifierName: string;
  status: AlertStatus;
  stillChanging: boolean;
  /** Some condition was judged on days the platform may still revise. */
  provisional?: boolean;
  settlesOn?: string;
  conditions: ConditionOutcome[];
  /** Metric chart: series per metric over the judged windows and their recent history. */
  series?: Record<string, ChartPoint[]>;
  /** Lines to draw on the metric chart, in the chart's own unit (per bucket). */
  guides?: ChartGuide[];
  /** The first bucket of the chart the platform may still revise. */
  provisionalFrom?: string;
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

/** Still-changing days among the buckets judged: whether any, and when the last of them settles. */
function restatementOf(buckets: readonly string[], changing: Set<string>, restatementDays: number): { provisional: boolean; settlesOn?: string } {
  let last: string | undefined;
  for (const b of buckets) {
    const day = dayOfBucket(b);
    if (changing.has(day) && (!last || day > last)) last = day;
  }
  return last ? { provisional: true, settlesOn: settlesOn(last, restatementDays) } : { provisional: false };
}

/** What a condition needs to explain itself: the metric's name and unit. */
function metricFacts(metric: string, ctx: EvaluationContext): { metric: string; metricName: string; unit?: string } {
  const info = ctx.metrics?.[metric];
  const unit = info?.unit === "currency" ? (ctx.currency ?? undefined) : info?.unit === "percent" ? "%" : undefined;
  return { metric, metricName: info?.name ?? metric, ...(unit ? { unit } : {}) };
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
  const { provisional, settlesOn } = restatementOf(window.buckets, changing, ctx.restatementDays);
  return {
    kind: "threshold",
    label: `${cond.operator}(${cond.metric}) ${cond.during} ${cond.thresholdType} ${cond.thresholdValue}`,
    fired: value !== null && compare(value, cond.thresholdType, cond.thresholdValue),
    value,
    stillChanging: provisional,
    ...(provisional ? { provisional, settlesOn } : {}),
    ...metricFacts(cond.metric, ctx),
    operator: cond.operator,
    during: cond.during,
    comparison: cond.thresholdType,
    target: cond.thresholdValue,
  };
}

type TrendSide = { series: BucketValues; window: AlertWindow; buckets: readonly string[] };

/**
 * The percent change of window 1 against window 2. Sums over windows of different lengths are
 * compared as rates per day (per hour when a window counts hours): yesterday's clicks against the
 * average day of the last 7; other aggregations are already comparable.
 */
function trendChange(reader: MetricReader, cond: TrendValue, side1: TrendSide, side2: TrendSide): { v1: number | null; v2: number | null; change: number | null; per?: "day" | "hour" } {
  const raw = (s: TrendSide) => (hasData(s.series, s.buckets) ? reader.windowValue(s.series, s.buckets, cond.metric, cond.operator) : null);
  let v1 = raw(side1);
  let v2 = raw(side2);
  if (cond.operator !== "sum" || side1.buckets.length * unitHours(side1.window) === side2.buckets.length * unitHours(side2.window)) return { v1, v2, change: percentChange(v1, v2) };
  const per = side1.window.granularity === "day" && side2.window.granularity === "day" ? "day" : "hour";
  const units = (s: TrendSide) => (per === "day" ? s.buckets.length : s.buckets.length * unitHours(s.window));
  v1 = v1 === null ? null : v1 / units(side1);
  v2 = v2 === null ? null : v2 / units(side2);
  return { v1, v2, change: percentChange(v1, v2), per };
}

const unitHours = (w: AlertWindow) => (w.granularity === "hour" ? 1 : 24);

/**
 * The trend's windows over same-age data (decision 0880): when window 1 ends on a day the platform
 * may still revise, every day of both windows as reported when it was that old, from the entity's
 * stored snapshots (the judged day itself is that old now). Undefined when the snapshots do not
 * cover window 1 and at least half of window 2: the caller compares the days as read instead.
 */
function sameAgeSides(entity: EntitySeries, w1: AlertWindow, w2: AlertWindow, ctx: EvaluationContext, changing: Set<string>) {
  if (w1.granularity !== "day" || w2.granularity !== "day" || !entity.atAge) return undefined;
  const judged = w1.buckets[w1.buckets.length - 1];
  const age = dayAge(judged, ctx);
  if (!changing.has(judged) || entity.atAge.age !== age) return undefined;
  const current = entity.daily ?? {};
  const series: BucketValues = {};
  for (const b of new Set([...w1.buckets, ...w2.buckets])) {
    // Only the judged day is as old now as the snapshots were when recorded (one day, one age).
    const value = b === judged ? current[b] : entity.atAge.daily[b];
    if (value !== undefined) series[b] = value;
  }
  const covered = (w: AlertWindow) => w.buckets.filter((b) => series[b] !== undefined);
  const c1 = covered(w1);
  const c2 = covered(w2);
  if (c1.length < w1.buckets.length || c2.length * 2 < w2.buckets.length) return undefined;
  return { age, side1: { series, window: w1, buckets: c1 }, side2: { series, window: w2, buckets: c2 } };
}

export function evaluateTrend(
  cond: TrendValue,
  entity: EntitySeries,
  reader: MetricReader,
  ctx: EvaluationContext,
  changing: Set<string>,
): ConditionOutcome {
  const rule = ctx.rule ?? "provisional";
  const w1 = resolveWindow(cond.duringTime1, ctx);
  const w2 = resolveWindow(cond.duringTime2, ctx);
  const s1 = seriesFor(entity, w1);
  const s2 = seriesFor(entity, w2);
  const isChanging = (b: string) => changing.has(dayOfBucket(b));
  const settled2 = w2.buckets.filter((b) => !isChanging(b));
  // settled-reference (measured, not the rule): window 2 on its settled days when it has any.
  const reference2 = rule === "settled-reference" && settled2.length ? settled2 : w2.buckets;
  const sameAge = rule === "provisional" ? sameAgeSides(entity, w1, w2, ctx, changing) : undefined;
  const { v1, v2, change, per } = sameAge
    ? trendChange(reader, cond, sameAge.side1, sameAge.side2)
    : trendChange(reader, cond, { series: s1, window: w1, buckets: w1.buckets }, { series: s2, window: w2, buckets: reference2 });
  const firedOnAll = trendFires(change, cond.trendType, cond.trendValue);
  const { provisional, settlesOn } = restatementOf([...w1.buckets, ...reference2], changing, ctx.restatementDays);
  let fired = firedOnAll;
  let heldBack = false;
  if (rule === "hold-back" && firedOnAll && provisional) {
    // Decision 0500's first rule: the trend must also hold on the settled days of window 1
    // (against the settled days of window 2, or all of it when none are settled).
    const settled1 = w1.buckets.filter((b) => !isChanging(b));
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
    stillChanging: provisional,
    ...(heldBack ? { heldBack } : {}),
    ...(provisional && !heldBack ? { provisional, settlesOn } : {}),
    ...metricFacts(cond.metric, ctx),
    operator: cond.operator,
    during: cond.duringTime1,
    during2: cond.duringTime2,
    comparison: cond.trendType,
    target: cond.trendValue,
    ...(per ? { per } : {}),
    ...(sameAge ? { comparedAtAge: sameAge.age } : {}),
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

export function evaluateKpi(variable: KpiVariable, entity: EntitySeries, ctx?: EvaluationContext): ConditionOutcome {
  const actual = entity.config?.[variable.kpi];
  return {
    kind: "kpi",
    label: `${variable.kpi} ${variable.operator}${variable.value ? ` ${variable.value}` : ""}`,
    fired: kpiFires(variable, actual),
    value: actual === undefined || actual === null ? null : typeof actual === "number" ? actual : String(actual),
    stillChanging: false,
    ...(ctx ? metricFacts(variable.kpi, ctx) : { metric: variable.kpi, metricName: variable.kpi }),
    kpiOperator: variable.operator,
    ...(variable.value ? { expected: variable.value } : {}),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Pacing: spend so far in the period against the amounts above/below, with a linear projection
 * to the period's end (spent / share of the period gone). It fires when the projection ends
 * above `above` or below `below`. Today is always still changing: a pacing is provisional.
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
  const changing = stillChangingDays(ctx.restatementDays, ctx);
  const { settlesOn } = restatementOf(period.elapsedDays, changing, ctx.restatementDays);
  return {
    outcome: {
      kind: "pacing",
      label: `${metric} ${variable.period}${above !== undefined ? ` above ${above}` : ""}${below !== undefined ? ` below ${below}` : ""}`,
      fired: anyData && (over || under),
      value: anyData ? round2(projectedTotal) : null,
      reference: round2(spent),
      stillChanging: true,
      provisional: true,
      ...(settlesOn ? { settlesOn } : {}),
      ...metricFacts(metric, ctx),
      period: variable.period,
      ...(above !== undefined ? { above } : {}),
      ...(below !== undefined ? { below } : {}),
    },
    chart: { cumulative: cumulative.map((p, i) => ({ ...p, anomaly: i === cumulative.length - 1 && (over || under) })), projected, above, below },
  };
}

// ---- whole alerts -----------------------------------------------------------------------------

function windowsOf(cond: MetricVariable["alertValue"][number]): During[] {
  return "during" in cond ? [cond.during] : [cond.duringTime1, cond.duringTime2];
}

/** The metric chart: each condition's metric over the judged windows and their recent history. */
function metricChart(variable: MetricVariable, entity: EntitySeries, reader: MetricReader, ctx: EvaluationContext, outcomes: ConditionOutcome[], changing: Set<string>) {
  const first = variable.alertValue[0];
  const chart = chartWindowOf(windowsOf(first), ctx);
  const data = (chart.granularity === "hour" ? entity.hourly : entity.daily) ?? {};
  const series: Record<string, ChartPoint[]> = {};
  for (const cond of variable.alertValue) {
    series[cond.metric] ??= chart.buckets.map((b) => ({ time: b, value: reader.bucketValue(data[b], cond.metric) }));
  }
  // The anomaly is the judged window's last bucket: yesterday, not the history around it.
  const main = resolveWindow(windowsOf(first)[0], ctx);
  const judged = main.buckets[main.buckets.length - 1];
  const points = series[first.metric];
  const at = points.findIndex((p) => p.time === judged);
  if (outcomes[0]?.fired && at >= 0) points[at] = { ...points[at], anomaly: true };
  const provisionalFrom = chart.buckets.find((b) => changing.has(dayOfBucket(b)));
  return { series, guides: guidesOf(first, outcomes[0], main), ...(provisionalFrom ? { provisionalFrom } : {}) };
}

/**
 * Lines comparable with the chart's per-bucket points: a threshold on a one-bucket window or on a
 * per-bucket aggregation; a trend's reference rate and the level it fires at.
 */
function guidesOf(cond: MetricVariable["alertValue"][number], outcome: ConditionOutcome | undefined, main: AlertWindow): ChartGuide[] {
  const perBucket = cond.operator !== "sum" || main.buckets.length === 1;
  if ("during" in cond) return perBucket ? [{ kind: "threshold", value: cond.thresholdValue }] : [];
  const reference = outcome?.reference;
  if (typeof reference !== "number" || !(perBucket || outcome?.per)) return [];
  const factor = cond.trendType === "below" ? 1 - cond.trendValue / 100 : 1 + cond.trendValue / 100;
  return [
    { kind: "reference", value: reference },
    { kind: "trigger", value: reference * factor },
  ];
}

function statusOf(conditions: ConditionOutcome[]): AlertStatus {
  if (conditions.some((c) => c.fired)) return "ANOMALY";
  if (conditions.length > 0 && conditions.every((c) => c.value === null)) return "NO_DATA";
  return "OK";
}

/** Ads ratios written in capitals when a calculated field is named after them. */
const ACRONYMS = new Set(["aov", "cpa", "cpc", "cpl", "cpm", "ctr", "cvr", "roas", "roi"]);
/** "ctr_percent" -> "CTR percent", "click_rate" -> "Click rate": a calculated field's name as people read it. */
export function humanizeFieldName(name: string): string {
  const words = name.split(/[_\s]+/).filter(Boolean);
  return words.map((w, i) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(" ") || name;
}

/**
 * The variable's calculated fields as metrics: named as typed (humanized), money when the formula divides a
 * money metric by counts ({cost} / {conversions} is a cost per conversion), else a plain number.
 */
function withCalculated(ctx: EvaluationContext, calculated: MetricVariable["calculatedFields"]): EvaluationContext {
  if (calculated.length === 0) return ctx;
  const metrics = { ...ctx.metrics };
  for (const c of calculated) {
    const fields = compileFormula(c.field).fields;
    const money = fields.filter((f) => ctx.metrics?.[f]?.unit === "currency");
    const isCostPer = money.length === 1 && fields[0] === money[0] && c.field.includes("/") && !c.field.includes("*");
    metrics[c.name] = { name: humanizeFieldName(c.name), unit: isCostPer ? "currency" : "number" };
  }
  return { ...ctx, metrics };
}

/** One identification against every variable; any fired condition makes it an anomaly. */
export function evaluateEntity(variables: readonly AlertVariable[], entity: EntitySeries, ctx: EvaluationContext): EntityResult {
  const changing = stillChangingDays(ctx.restatementDays, ctx);
  const conditions: ConditionOutcome[] = [];
  let chart: ReturnType<typeof metricChart> | undefined;
  let pacing: PacingChart | undefined;
  for (const variable of variables) {
    if (variable.type === "metric") {
      const reader = new MetricReader(variable.calculatedFields);
      const vctx = withCalculated(ctx, variable.calculatedFields);
      const outcomes =
        variable.alertType === "threshold"
          ? variable.alertValue.map((c) => evaluateThreshold(c, entity, reader, vctx, changing))
          : variable.alertValue.map((c) => evaluateTrend(c, entity, reader, vctx, changing));
      conditions.push(...outcomes);
      chart ??= metricChart(variable, entity, reader, vctx, outcomes, changing);
    } else if (variable.type === "kpi") {
      conditions.push(evaluateKpi(variable, entity, ctx));
    } else {
      const { outcome, chart: paced } = evaluatePacing(variable, entity, ctx);
      conditions.push(outcome);
      pacing ??= paced;
    }
  }
  const provisional = conditions.filter((c) => c.provisional);
  const settles = provisional.map((c) => c.settlesOn).filter((d): d is string => Boolean(d)).sort();
  return {
    identification: entity.identification,
    identifierName: entity.identifierName,
    status: statusOf(conditions),
    stillChanging: conditions.some((c) => c.stillChanging),
    ...(provisional.length ? { provisional: true, ...(settles.length ? { settlesOn: settles[settles.length - 1] } : {}) } : {}),
    conditions,
    ...(chart ? { series: chart.series, ...(chart.guides.length ? { guides: chart.guides } : {}), ...(chart.provisionalFrom ? { provisionalFrom: chart.provisionalFrom } : {}) } : {}),
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
