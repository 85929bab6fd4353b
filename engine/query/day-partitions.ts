// What the read cache (server/read-cache) may keep of a read, and which of a range's days must be
// asked of the platform again. Pure: the cache supplies what it holds, this decides.
//
// A read is kept as day partitions: the rows of one account, report, options, fields, filters
// and granularity for one day. That needs the rows to say their day, so the layout always holds
// the `date` dimension; a query that does not ask for it is read by day and rolled up by us when
// every metric it asks adds up across days (SUM, COUNT, MIN, MAX), else it is not cached.
import { DateTime } from "luxon";
import { eachDay, parseDay, restatementWindow } from "../core/dates.js";
import type { Rollup } from "../core/aggregate.js";
import type { DateRange, FieldDef, Filter, Granularity } from "../core/types.js";

export const DATE_FIELD = "date";

export type DayCacheShape = {
  /** The fields of each stored row, sorted: the asked fields plus `date`. */
  layout: string[];
  /** Present when the query does not ask for the date: rows are summed across days by the asked dimensions. */
  rollup?: { dimensions: string[]; metrics: { id: string; rollup: Rollup }[] };
};

export type DayCacheDecision = { cached: true; shape: DayCacheShape } | { cached: false; reason: string };

// How each metric aggregation rolls up from per-day rows: counts add up like sums.
const ACROSS_DAYS: Partial<Record<FieldDef["aggregation"], Rollup>> = { SUM: "SUM", COUNT: "SUM", MIN: "MIN", MAX: "MAX" };

export function dayCacheShape(fields: readonly FieldDef[], readFields: readonly string[], filters: readonly Filter[], granularity: Granularity | undefined): DayCacheDecision {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const date = byId.get(DATE_FIELD);
  if (!date || date.type !== "dimension" || (date.fieldType !== "YEAR_MONTH_DAY" && date.fieldType !== "DATE")) {
    return { cached: false, reason: "this report has no date dimension to store its rows by day" };
  }
  const layout = [...new Set([...readFields, DATE_FIELD])].sort();
  // Hourly rows are one per date and hour already: adding the date changes no row.
  if (readFields.includes(DATE_FIELD) || granularity === "hour") return { cached: true, shape: { layout } };
  const metrics: { id: string; rollup: Rollup }[] = [];
  const dimensions: string[] = [];
  for (const id of readFields) {
    const field = byId.get(id);
    if (!field) return { cached: false, reason: `${id} is not a field of this report` };
    if (field.type === "dimension") {
      dimensions.push(id);
      continue;
    }
    const rollup = ACROSS_DAYS[field.aggregation];
    if (!rollup) return { cached: false, reason: `${id} (${field.aggregation}) does not add up across days and the date is not asked` };
    metrics.push({ id, rollup });
  }
  // The platform filters a metric on the whole range's total, which per-day rows cannot reproduce.
  const metricFilter = filters.find((f) => byId.get(f.field)?.type === "metric");
  if (metricFilter) return { cached: false, reason: `the filter on ${metricFilter.field} applies to the range's total` };
  return { cached: true, shape: { layout, rollup: { dimensions, metrics } } };
}

export type FreshnessPolicy = {
  /** How long today's and yesterday's stored rows are served before being read again. */
  recentMs: number;
  /** The same for the other days of the restatement window. */
  windowMs: number;
};

export const DEFAULT_FRESHNESS: FreshnessPolicy = { recentMs: 60 * 60_000, windowMs: 6 * 60 * 60_000 };

export type DayVerdict = "stored" | "missing" | "stale" | "unsettled" | "future" | "refresh";

/** A run of consecutive days read the same way. */
export type DaySegment = { from: "cache" | "platform"; range: DateRange; days: string[] };

export interface PlanDaysInput {
  range: DateRange;
  /** When each stored day was fetched. */
  stored: ReadonlyMap<string, Date>;
  restatementDays: number;
  timezone: string;
  now: Date;
  policy?: FreshnessPolicy;
  /** Read every day from the platform (nocache=1, Refresh data). */
  refresh?: boolean;
  /** Stored days between two platform runs shorter than this are read again with them (one request instead of two). */
  mergeGapDays?: number;
}

/**
 * Why a day is (not) served from storage:
 * - missing: never stored; future: after today, never stored;
 * - stale: inside the restatement window (the platform may still revise it) and older than the
 *   freshness limit (shorter for today and yesterday);
 * - unsettled: outside the window now, but fetched while still inside it: read once more, after
 *   which it is final;
 * - stored: served as it is.
 */
export function dayVerdict(day: string, fetchedAt: Date | undefined, input: Omit<PlanDaysInput, "range" | "stored">): DayVerdict {
  const window = restatementWindow(input.restatementDays, { timezone: input.timezone, now: input.now });
  if (day > window.end) return "future";
  if (fetchedAt === undefined) return "missing";
  if (input.refresh) return "refresh";
  const policy = input.policy ?? DEFAULT_FRESHNESS;
  if (day >= window.start) {
    const yesterday = parseDay(window.end, "Today", input.timezone).minus({ days: 1 }).toFormat("yyyy-MM-dd");
    const limit = day >= yesterday ? policy.recentMs : policy.windowMs;
    return input.now.getTime() - fetchedAt.getTime() > limit ? "stale" : "stored";
  }
  // The day left the window on the local day after day + restatementDays: a fetch from then on is final.
  const settledFrom = parseDay(day, "Day", input.timezone).plus({ days: Math.max(0, input.restatementDays) + 1 });
  return DateTime.fromJSDate(fetchedAt, { zone: input.timezone }).startOf("day") >= settledFrom ? "stored" : "unsettled";
}

/** The range's days in runs: served from storage, or read from the platform. */
export function planDays(input: PlanDaysInput): DaySegment[] {
  const segments: DaySegment[] = [];
  for (const day of eachDay(input.range)) {
    const from = dayVerdict(day, input.stored.get(day), input) === "stored" ? "cache" : "platform";
    const last = segments.at(-1);
    if (last && last.from === from) {
      last.days.push(day);
      last.range.end = day;
    } else segments.push({ from, range: { start: day, end: day }, days: [day] });
  }
  // A short stored gap between two platform runs costs less read again than as a second request.
  const gap = input.mergeGapDays ?? 2;
  for (let i = 1; i < segments.length - 1; i++) {
    const [before, middle, after] = [segments[i - 1], segments[i], segments[i + 1]];
    if (middle.from === "cache" && before.from === "platform" && after.from === "platform" && middle.days.length <= gap) {
      before.days.push(...middle.days, ...after.days);
      before.range.end = after.range.end;
      segments.splice(i, 2);
      i--;
    }
  }
  return segments;
}
