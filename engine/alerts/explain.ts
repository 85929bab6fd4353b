// Results that explain themselves (issue 18): one sentence per condition, value against the
// condition with its unit ("Clicks yesterday 2,055 vs 1,031/day average over the last 7 days
// (+99 %) > +20 %"), and one sentence per alert definition for the editor ("Alert when ... for
// campaigns where ..."). Shared by the detail page, the editor, the inbox, e-mails and Slack.
import type { AggregationOperator, AlertDefinition, AlertFilter, Comparison, During, KpiOperator, PacingPeriod } from "./definition.js";
import type { ConditionOutcome, EntityResult } from "./evaluate.js";

const LOCALE = "en-GB";

// Formatters are costly to build and a pass explains thousands of values with a handful of them.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    if (numberFormats.size >= 500) numberFormats.clear();
    format = new Intl.NumberFormat(LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with its unit: an ISO currency, "%" for ratios (0.05 is 5 %), or none. */
export function formatValue(value: number, unit?: string | null): string {
  if (unit === "%") return `${numberFormat({ maximumFractionDigits: 2 }).format(value * 100)} %`;
  const digits = Math.abs(value) >= 1000 || Number.isInteger(value) ? 0 : 2;
  // Any well-formed code formats (an unknown one as "XYZ 3"); anything else is not a currency.
  if (unit && /^[A-Z]{3}$/.test(unit)) return numberFormat({ style: "currency", currency: unit, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return numberFormat({ maximumFractionDigits: digits }).format(value);
}

/** A percent change with its sign and a real minus: "+99 %", "−38 %". */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  const text = numberFormat({ maximumFractionDigits: Math.abs(rounded) >= 10 ? 0 : 1 }).format(Math.abs(rounded));
  return `${rounded > 0 ? "+" : rounded < 0 ? "\u2212" : "±"}${text} %`;
}

const WINDOW_PHRASES: Record<During, string> = {
  "4_hour": "over the last 4 hours",
  "8_hour": "over the last 8 hours",
  "12_hour": "over the last 12 hours",
  "24_hour": "over the last 24 hours",
  yesterday: "yesterday",
  "7_days": "over the last 7 days",
  "30_days": "over the last 30 days",
  last_month: "last month",
  lifetime: "over its lifetime",
};

const PERIOD_PHRASES: Record<PacingPeriod, string> = { start_of_month: "this month", start_of_week: "this week", every_day: "today" };

const OPERATOR_PREFIX: Record<AggregationOperator, string> = { sum: "", avg: "Average ", max: "Highest ", min: "Lowest ", first: "First ", last: "Last " };

/** "Clicks", "Average CTR": the metric as the condition aggregates it. */
function subject(c: Pick<ConditionOutcome, "metric" | "metricName" | "operator">): string {
  const name = c.metricName ?? c.metric ?? "Value";
  const prefix = c.operator ? OPERATOR_PREFIX[c.operator] : "";
  // "Average click rate", but "Average CTR": an acronym keeps its capitals.
  const lower = name.length > 1 && name.charAt(1) === name.charAt(1).toUpperCase() ? name : name.charAt(0).toLowerCase() + name.slice(1);
  return prefix ? `${prefix}${lower}` : name.charAt(0).toUpperCase() + name.slice(1);
}

function compareSymbol(comparison: Comparison | undefined, fired: boolean): string {
  if (comparison === "below") return fired ? "<" : "\u2265";
  if (comparison === "equals") return fired ? "=" : "\u2260";
  return fired ? ">" : "\u2264";
}

function trendTarget(comparison: Comparison | undefined, target: number): string {
  if (comparison === "below") return `\u2212${formatValue(target)} %`;
  if (comparison === "equals") return `±${formatValue(target)} %`;
  return `+${formatValue(target)} %`;
}

function kpiVerdict(operator: KpiOperator | undefined, fired: boolean, expected?: string): string {
  switch (operator) {
    case "null":
      return fired ? "is empty" : "is set";
    case "not_null":
      return fired ? "is set" : "is empty";
    case "equal":
      return `${fired ? "=" : "\u2260"} ${expected ?? ""}`.trim();
    default:
      return `${fired ? "\u2260" : "="} ${expected ?? ""}`.trim();
  }
}

/** One sentence: the condition's value against what it watches, with units. */
export function explainCondition(c: ConditionOutcome): string {
  // Rows stored before results explained themselves carry only the label.
  if (!c.metric && !c.metricName) return `${c.label}: ${c.value === null ? "no data" : typeof c.value === "number" ? formatValue(c.value) : c.value}`;
  const fmt = (v: number) => formatValue(v, c.unit);
  if (c.kind === "kpi") {
    const actual = c.value === null || c.value === "" ? "empty" : typeof c.value === "number" ? fmt(c.value) : c.value;
    const verdict = kpiVerdict(c.kpiOperator, c.fired, c.expected);
    return c.kpiOperator === "null" || c.kpiOperator === "not_null" ? `${subject(c)} ${verdict}` : `${subject(c)} ${actual} ${verdict}`;
  }
  if (c.kind === "pacing") {
    const period = c.period ? PERIOD_PHRASES[c.period] : "";
    if (typeof c.value !== "number") return `${subject(c)} ${period}: no data`;
    const spent = typeof c.reference === "number" ? `${fmt(c.reference)} so far, ` : "";
    const over = c.above !== undefined && c.value > c.above;
    const under = c.below !== undefined && c.value < c.below;
    const verdict = over
      ? `> ${fmt(c.above!)} budget`
      : under
        ? `< ${fmt(c.below!)} minimum`
        : c.above !== undefined && c.below !== undefined
          ? `within ${fmt(c.below)}–${fmt(c.above)}`
          : c.above !== undefined
            ? `\u2264 ${fmt(c.above)} budget`
            : `\u2265 ${fmt(c.below!)} minimum`;
    return `${subject(c)} ${period} ${spent}projected ${fmt(c.value)} ${verdict}`;
  }
  const when = c.during ? WINDOW_PHRASES[c.during] : "";
  if (typeof c.value !== "number") return `${subject(c)} ${when}: no data`;
  if (c.kind === "threshold") return `${subject(c)} ${when} ${fmt(c.value)} ${compareSymbol(c.comparison, c.fired)} ${fmt(c.target ?? 0)}`;
  // Trend: a one-day window's daily rate is its total; longer windows say "/day".
  const rate = c.per ? `/${c.per}` : "";
  const rate1 = c.per === "day" && c.during === "yesterday" ? "" : rate;
  const reference = typeof c.reference === "number" ? `${fmt(c.reference)}${rate}${c.per ? " average" : ""} ${c.during2 ? WINDOW_PHRASES[c.during2] : ""}`.trim() : "no reference";
  const change = typeof c.change === "number" ? `(${formatChange(c.change)}) ${compareSymbol(c.comparison, c.fired)} ${trendTarget(c.comparison, c.target ?? 0)}` : "(no change can be computed against zero)";
  const age = c.comparedAtAge !== undefined ? ` · both as reported at ${c.comparedAtAge} day${c.comparedAtAge === 1 ? "" : "s"} old` : "";
  return `${subject(c)} ${when} ${fmt(c.value)}${rate1} vs ${reference} ${change}${age}`;
}

/** "12 Mar": a YYYY-MM-DD day, short. */
// One formatter for every call: building one costs more than the formatting (a pass explains thousands of results).
let dayFormat: Intl.DateTimeFormat | undefined;
export function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  dayFormat ??= new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", timeZone: "UTC" });
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

export type ResultState = { label: "Anomaly" | "Not in anomaly" | "No data"; tone: "red" | "green" | "slate"; note: string | null };

/** A result's status and what qualifies it: Provisional until a day, or Held back (older rows). */
export function resultState(r: Pick<EntityResult, "status" | "conditions" | "provisional" | "settlesOn">): ResultState {
  const label = r.status === "ANOMALY" ? "Anomaly" : r.status === "NO_DATA" ? "No data" : "Not in anomaly";
  const tone = r.status === "ANOMALY" ? "red" : r.status === "NO_DATA" ? "slate" : "green";
  if (r.conditions.some((c) => c.heldBack)) return { label, tone, note: "Held back: it fired only on days the platform may still revise" };
  if (r.provisional) return { label, tone, note: r.settlesOn ? `Provisional until ${formatDay(r.settlesOn)}` : "Provisional" };
  return { label, tone, note: null };
}

// ---- the editor's one-line summary --------------------------------------------------------------

const LEVEL_NOUNS: Record<string, string> = { ACCOUNT: "the account", CAMPAIGN: "campaigns", ADGROUP: "ad groups" };
const FILTER_VERBS: Record<AlertFilter["operator"], string> = { equals: "is", not_equals: "is not", contains: "contains", not_contains: "does not contain" };

function filterPhrase(filters: readonly AlertFilter[], name: (id: string) => string): string {
  return filters.map((f) => `${name(f.field)} ${FILTER_VERBS[f.operator]} ${f.value.map((v) => `“${v}”`).join(" or ")}`).join(" and ");
}

/** "Alert when the sum of clicks yesterday rises more than 20 % against the last 7 days, for campaigns where …". */
export function summarizeDefinition(definition: Pick<AlertDefinition, "variables" | "requests">, opts: { name?: (id: string) => string; unitOf?: (id: string) => string | null | undefined } = {}): string {
  const name = (id: string) => (opts.name?.(id) ?? id).toLowerCase();
  const money = (id: string, v: number) => formatValue(v, opts.unitOf?.(id));
  const parts: string[] = [];
  for (const v of definition.variables) {
    if (v.type === "metric") {
      for (const c of v.alertValue) {
        const what = `${c.operator === "sum" ? "" : `the ${OPERATOR_PREFIX[c.operator].trim().toLowerCase()} `}${name(c.metric) || "a metric"}`;
        if ("during" in c) {
          const verb = c.thresholdType === "above" ? "is above" : c.thresholdType === "below" ? "is below" : "equals";
          parts.push(`${what} ${WINDOW_PHRASES[c.during]} ${verb} ${money(c.metric, c.thresholdValue)}`);
        } else {
          const verb = c.trendType === "above" ? `rises more than ${c.trendValue} %` : c.trendType === "below" ? `falls more than ${c.trendValue} %` : `changes by ${c.trendValue} %`;
          parts.push(`${what} ${WINDOW_PHRASES[c.duringTime1]} ${verb} against ${WINDOW_PHRASES[c.duringTime2].replace(/^over /, "")}`);
        }
      }
    } else if (v.type === "kpi") {
      const verdict = v.operator === "null" ? "is empty" : v.operator === "not_null" ? "is set" : v.operator === "equal" ? `is “${v.value ?? ""}”` : `is not “${v.value ?? ""}”`;
      parts.push(`${name(v.kpi) || "a configuration value"} ${verdict}`);
    } else {
      const limits = [v.thresholds.above !== undefined ? `above ${money(v.metric || "cost", v.thresholds.above)}` : "", v.thresholds.below !== undefined ? `below ${money(v.metric || "cost", v.thresholds.below)}` : ""].filter(Boolean).join(" or ");
      parts.push(`${name(v.metric || "cost")} ${PERIOD_PHRASES[v.period]} is on course to end ${limits || "outside its limits"}`);
    }
  }
  const request = Object.values(definition.requests)[0];
  const level = LEVEL_NOUNS[request?.level ?? ""] ?? "the account";
  const filters = request?.filters?.length ? ` where ${filterPhrase(request.filters, opts.name ?? ((id) => id))}` : "";
  return `Alert when ${parts.join(", or ") || "…"}, for ${level}${filters}.`;
}
