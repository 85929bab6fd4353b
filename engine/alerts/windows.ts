// The "during" windows of spec 1 §5 resolved in the account's timezone (docs/decisions/0500):
// - N_hour: the N complete hours ending at the start of the current hour;
// - yesterday, 7_days, 30_days: complete days ending yesterday (like the engine's LAST_N_DAYS);
// - last_month: the complete previous calendar month;
// - lifetime: the LIFETIME_DAYS days ending today, today included (what has been spent so far).
// A window is a list of bucket keys: "YYYY-MM-DD" for days, "YYYY-MM-DDTHH" for hours.
import { DateTime } from "luxon";
import type { DateRange } from "../core/types.js";
import type { During, PacingPeriod } from "./definition.js";
import type { Granularity } from "../core/types.js";

export const LIFETIME_DAYS = 365;


export interface AlertWindow {
  during: During;
  granularity: Granularity;
  /** Bucket keys in time order. */
  buckets: string[];
  /** The calendar days the window touches (what to read). */
  days: DateRange;
  /** Length in hours, to compare windows of different lengths. */
  hours: number;
}

const DAY = "yyyy-MM-dd";
const HOUR = "yyyy-MM-dd'T'HH";

export function nowIn(timezone: string, now: Date): DateTime {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  if (!local.isValid) throw new Error(`Unknown timezone "${timezone}"`);
  return local;
}

export const hourKey = (date: string, hour: number): string => `${date}T${String(hour).padStart(2, "0")}`;

function dayWindow(during: During, start: DateTime, end: DateTime): AlertWindow {
  const buckets: string[] = [];
  for (let d = start; d <= end; d = d.plus({ days: 1 })) buckets.push(d.toFormat(DAY));
  return { during, granularity: "day", buckets, days: { start: buckets[0], end: buckets[buckets.length - 1] }, hours: buckets.length * 24 };
}

/**
 * Windows depend only on (during, timezone, instant) and are read-only: a small cache saves the
 * date arithmetic when thousands of alerts are evaluated at the same instant.
 */
const windowCache = new Map<string, AlertWindow>();
const CACHE_LIMIT = 5_000;
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function resolveWindow(during: During, opts: { timezone: string; now: Date }): AlertWindow {
  return cached(windowCache, `${during}|${opts.timezone}|${opts.now.getTime()}`, () => computeWindow(during, opts));
}

function computeWindow(during: During, opts: { timezone: string; now: Date }): AlertWindow {
  const local = nowIn(opts.timezone, opts.now);
  const today = local.startOf("day");
  const yesterday = today.minus({ days: 1 });
  switch (during) {
    case "4_hour":
    case "8_hour":
    case "12_hour":
    case "24_hour": {
      const count = Number(during.split("_")[0]);
      const end = local.startOf("hour");
      const buckets: string[] = [];
      for (let h = count; h >= 1; h--) buckets.push(end.minus({ hours: h }).toFormat(HOUR));
      return { during, granularity: "hour", buckets, days: { start: buckets[0].slice(0, 10), end: buckets[buckets.length - 1].slice(0, 10) }, hours: count };
    }
    case "yesterday":
      return dayWindow(during, yesterday, yesterday);
    case "7_days":
      return dayWindow(during, today.minus({ days: 7 }), yesterday);
    case "30_days":
      return dayWindow(during, today.minus({ days: 30 }), yesterday);
    case "last_month": {
      const start = today.startOf("month").minus({ months: 1 });
      return dayWindow(during, start, start.endOf("month").startOf("day"));
    }
    case "lifetime":
      return dayWindow(during, today.minus({ days: LIFETIME_DAYS - 1 }), today);
  }
}

/**
 * Days the platform may still revise (restatementDays before today, and today): numbers on them
 * are provisional. Mirrors engine/core/dates restatementWindow.
 */
const changingCache = new Map<string, Set<string>>();
export function stillChangingDays(restatementDays: number, opts: { timezone: string; now: Date }): Set<string> {
  return cached(changingCache, `${restatementDays}|${opts.timezone}|${opts.now.getTime()}`, () => computeStillChanging(restatementDays, opts));
}

function computeStillChanging(restatementDays: number, opts: { timezone: string; now: Date }): Set<string> {
  const today = nowIn(opts.timezone, opts.now).startOf("day");
  const days = new Set<string>();
  for (let i = Math.max(0, restatementDays); i >= 0; i--) days.add(today.minus({ days: i }).toFormat(DAY));
  return days;
}

export const dayOfBucket = (bucket: string): string => bucket.slice(0, 10);

/** The age at which days are kept as reported (decision 0880): one day old, what "yesterday" is. */
export const SNAPSHOT_AGE = 1;

/** How many days old `day` is at `now` in the timezone (0 = today). */
const todayCache = new Map<string, number>();
export function dayAge(day: string, opts: { timezone: string; now: Date }): number {
  // Asked for every day of every entity: today in the zone is computed once per pass.
  const today = cached(todayCache, `${opts.timezone}|${opts.now.getTime()}`, () => Date.parse(`${nowIn(opts.timezone, opts.now).toFormat(DAY)}T00:00:00Z`));
  return Math.round((today - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

/** The first day on which `day` is final: the day after it leaves the restatement window. */
const settleCache = new Map<string, string>();
export function settlesOn(day: string, restatementDays: number): string {
  // Asked for every condition of every entity, about the same few days: computed once each.
  return cached(settleCache, `${day}|${restatementDays}`, () => DateTime.fromISO(day, { zone: "UTC" }).plus({ days: Math.max(0, restatementDays) + 1 }).toFormat(DAY));
}

/** Days a chart shows at least (the history around the judged window), and hours for hour windows. */
export const CHART_DAYS = 14;
export const CHART_HOURS = 48;
const CHART_MAX_BUCKETS = 92;

/**
 * The buckets a result's chart shows: every window the condition judges, widened to the last
 * CHART_DAYS days (or CHART_HOURS hours), so a one-day window is seen against its recent history.
 */
export function chartWindow(windows: readonly AlertWindow[], opts: { timezone: string; now: Date }): { granularity: Granularity; buckets: string[]; days: DateRange } {
  const granularity = windows[0].granularity;
  const same = windows.filter((w) => w.granularity === granularity);
  const set = new Set<string>(same.flatMap((w) => w.buckets));
  const last = same[0].buckets[same[0].buckets.length - 1];
  const end = granularity === "hour" ? DateTime.fromFormat(last, HOUR, { zone: opts.timezone }) : DateTime.fromISO(last, { zone: opts.timezone });
  // Only fill the history before the window's end: a lifetime window already reaches today.
  const count = granularity === "hour" ? CHART_HOURS : CHART_DAYS;
  for (let i = 0; i < count; i++) set.add(granularity === "hour" ? end.minus({ hours: i }).toFormat(HOUR) : end.minus({ days: i }).toFormat(DAY));
  // A lifetime window would chart a year of points per entity: the chart keeps the latest ones.
  const buckets = [...set].sort().slice(-CHART_MAX_BUCKETS);
  return { granularity, buckets, days: { start: buckets[0].slice(0, 10), end: buckets[buckets.length - 1].slice(0, 10) } };
}

const chartCache = new Map<string, ReturnType<typeof chartWindow>>();
/**
 * chartWindow of some windows at an instant. It is the same for every entity of a pass and costs
 * dozens of date computations: measured at 4 ms an alert (bench/alerts), most of an evaluation.
 */
export function chartWindowOf(durings: readonly During[], opts: { timezone: string; now: Date }): ReturnType<typeof chartWindow> {
  return cached(chartCache, `${durings.join(",")}|${opts.timezone}|${opts.now.getTime()}`, () => chartWindow(durings.map((d) => resolveWindow(d, opts)), opts));
}

export interface PacingPeriodWindow {
  period: PacingPeriod;
  /** Every day of the period, first to last (future days included). */
  allDays: string[];
  /** Days up to today included. */
  elapsedDays: string[];
  /** Share of the period's time gone (0..1], to the current hour. */
  elapsedFraction: number;
}

/** The pacing period containing now: month, week starting on Monday, or today. */
export function resolvePacingPeriod(period: PacingPeriod, opts: { timezone: string; now: Date }): PacingPeriodWindow {
  const local = nowIn(opts.timezone, opts.now);
  const today = local.startOf("day");
  let start: DateTime;
  let end: DateTime; // exclusive
  if (period === "start_of_month") {
    start = today.startOf("month");
    end = start.plus({ months: 1 });
  } else if (period === "start_of_week") {
    // luxon weekday: 1 = Monday ... 7 = Sunday; weeks start on Monday (spec 1 §9).
    start = today.minus({ days: today.weekday - 1 });
    end = start.plus({ weeks: 1 });
  } else {
    start = today;
    end = today.plus({ days: 1 });
  }
  const allDays: string[] = [];
  for (let d = start; d < end; d = d.plus({ days: 1 })) allDays.push(d.toFormat(DAY));
  const todayKey = today.toFormat(DAY);
  const elapsedDays = allDays.filter((d) => d <= todayKey);
  // At least one hour gone, so a projection right after midnight stays finite.
  const total = end.diff(start, "hours").hours;
  const gone = Math.max(1, local.diff(start, "hours").hours);
  return { period, allDays, elapsedDays, elapsedFraction: Math.min(1, gone / total) };
}
