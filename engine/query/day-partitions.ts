// What the read cache (server/read-cache) keeps of a read, and which days must be asked of the
// platform again. Pure: the cache supplies what it holds, this decides.
//
// A read that asks for the date (or reads by hour, where rows are one per date and hour anyway)
// is kept as day partitions: one account's rows for one day of one read shape (options including
// the report, fields, filters, granularity), each day served or read again on its own. A read
// without the date is one answer for the whole range, which per-day rows cannot rebuild in
// general (a platform may answer one row per campaign where the days summed by the asked
// dimensions would give one, and ratios, distinct counts or metric filters do not add up): it is
// kept as one range partition, filed under the range's last day, which decides its freshness.
import { DateTime } from "luxon";
import { eachDay, restatementWindow } from "../core/dates.js";
import type { DateRange, FieldDef, Granularity } from "../core/types.js";

export const DATE_FIELD = "date";

export type CacheShape = {
  /** days: one partition per day; range: one partition for the whole range. */
  by: "days" | "range";
  /**
   * The fields of each stored row in the order they are asked (by day, the date added last when
   * it is not asked): a later identical request writes stored rows to the wire as they are.
   * Partitions are identified by the set (sorted), so any order finds them.
   */
  layout: string[];
};

export function cacheShape(fields: readonly FieldDef[], readFields: readonly string[], granularity: Granularity | undefined): CacheShape {
  const date = fields.find((f) => f.id === DATE_FIELD);
  const byDay = date?.type === "dimension" && (date.fieldType === "YEAR_MONTH_DAY" || date.fieldType === "DATE") && (readFields.includes(DATE_FIELD) || granularity === "hour");
  // Hourly rows are one per date and hour already: adding the date changes no row.
  return byDay ? { by: "days", layout: [...new Set([...readFields, DATE_FIELD])] } : { by: "range", layout: [...new Set(readFields)] };
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

/** YYYY-MM-DD plus n calendar days (no timezone involved: a calendar day is a calendar day). */
function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * Why a day is (not) served from storage:
 * - missing: never stored; future: after today, never stored;
 * - stale: inside the restatement window (the platform may still revise it) and older than the
 *   freshness limit (shorter for today and yesterday);
 * - unsettled: outside the window now, but fetched while still inside it: read once more, after
 *   which it is final;
 * - stored: served as it is.
 * The judge computes the window once: a long range costs one comparison per day.
 */
export function dayJudge(input: Omit<PlanDaysInput, "range" | "stored">): (day: string, fetchedAt: Date | undefined) => DayVerdict {
  const window = restatementWindow(input.restatementDays, { timezone: input.timezone, now: input.now });
  const yesterday = addDays(window.end, -1);
  const policy = input.policy ?? DEFAULT_FRESHNESS;
  const lag = Math.max(0, input.restatementDays) + 1;
  // A day left the window on the local day after day + restatementDays: a fetch at `at` is final
  // for every day up to its local day - lag. Once per fetch time: a long range's days mostly share one.
  const finalThrough = new Map<number, string>();
  const finalUpTo = (at: Date) => {
    let day = finalThrough.get(at.getTime());
    if (day === undefined) finalThrough.set(at.getTime(), (day = addDays(DateTime.fromJSDate(at, { zone: input.timezone }).toFormat("yyyy-MM-dd"), -lag)));
    return day;
  };
  return (day, fetchedAt) => {
    if (day > window.end) return "future";
    if (fetchedAt === undefined) return "missing";
    if (input.refresh) return "refresh";
    if (day >= window.start) {
      const limit = day >= yesterday ? policy.recentMs : policy.windowMs;
      return input.now.getTime() - fetchedAt.getTime() > limit ? "stale" : "stored";
    }
    return day <= finalUpTo(fetchedAt) ? "stored" : "unsettled";
  };
}

export function dayVerdict(day: string, fetchedAt: Date | undefined, input: Omit<PlanDaysInput, "range" | "stored">): DayVerdict {
  return dayJudge(input)(day, fetchedAt);
}

/** The range's days in runs: served from storage, or read from the platform. */
export function planDays(input: PlanDaysInput): DaySegment[] {
  const segments: DaySegment[] = [];
  const judge = dayJudge(input);
  for (const day of eachDay(input.range)) {
    const from = judge(day, input.stored.get(day)) === "stored" ? "cache" : "platform";
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
