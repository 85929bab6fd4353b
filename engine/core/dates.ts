// Date presets of spec 2 §5, resolved in the account's timezone: "yesterday" for a Sydney account
// is not yesterday in Paris. Conventions (docs/decisions/0100-luxon.md):
// - LAST_N_DAYS are the N complete days ending yesterday (Google Ads, Meta and GA4 do the same);
// - THIS_WEEK/MONTH/QUARTER/YEAR run from the period's first day to today included;
// - LAST_WEEK/MONTH/QUARTER/YEAR are the complete previous period;
// - SINCE runs from the given day to today included.
import { DateTime } from "luxon";
import { InvalidDateRangeError } from "./errors.js";
import type { DateRange, TimezoneHandling } from "./types.js";

export { DATE_PRESETS, type DatePreset } from "./date-presets.js";
import { DATE_PRESETS, type DatePreset } from "./date-presets.js";

export interface ResolveDateRangeOptions {
  /** IANA zone of the account. */
  timezone: string;
  now?: Date;
  /** CUSTOM only. */
  start?: string;
  /** CUSTOM only. */
  end?: string;
  /** SINCE only. */
  since?: string;
}

const DAY_FORMAT = "yyyy-MM-dd";
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDatePreset(value: string): value is DatePreset {
  return (DATE_PRESETS as readonly string[]).includes(value);
}

/**
 * Parsed days by timezone and text. A request resolves the same few days several times per
 * account (its range, the connection log, the read plan), and luxon's parse of a format costs
 * about 0.1 ms each; DateTimes are immutable, so one parse serves them all.
 */
const parsedDays = new Map<string, DateTime>();
const PARSED_DAYS_KEPT = 4096;

/** Parses a YYYY-MM-DD day, rejecting impossible dates such as 2025-02-30. */
export function parseDay(value: string | undefined, label: string, timezone = "UTC"): DateTime {
  if (value === undefined || value === "") throw new InvalidDateRangeError(`${label} is required (format YYYY-MM-DD).`);
  if (!ISO_DAY.test(value)) throw new InvalidDateRangeError(`${label} "${value}" is not a date in the format YYYY-MM-DD.`);
  const key = `${timezone}\u0000${value}`;
  const known = parsedDays.get(key);
  if (known) return known;
  const day = DateTime.fromFormat(value, DAY_FORMAT, { zone: timezone });
  if (!day.isValid) throw new InvalidDateRangeError(`${label} "${value}" is not a real calendar date.`);
  if (parsedDays.size >= PARSED_DAYS_KEPT) parsedDays.clear();
  parsedDays.set(key, day);
  return day;
}

function format(day: DateTime): string {
  return day.toFormat(DAY_FORMAT);
}

function range(start: DateTime, end: DateTime): DateRange {
  return { start: format(start), end: format(end) };
}

/** Start of the week containing `day`, weeks starting on Sunday (7 in luxon) or Monday (1). */
function startOfWeek(day: DateTime, firstDay: 1 | 7): DateTime {
  const back = (day.weekday - firstDay + 7) % 7;
  return day.minus({ days: back }).startOf("day");
}

export function resolveDateRange(preset: DatePreset | string, opts: ResolveDateRangeOptions): DateRange {
  if (!isDatePreset(preset)) {
    throw new InvalidDateRangeError(`Unknown date range "${preset}". Use one of ${DATE_PRESETS.join(", ")}.`);
  }
  const today = DateTime.fromJSDate(opts.now ?? new Date(), { zone: opts.timezone }).startOf("day");
  if (!today.isValid) throw new InvalidDateRangeError(`Unknown timezone "${opts.timezone}".`);
  const yesterday = today.minus({ days: 1 });
  switch (preset) {
    case "TODAY":
      return range(today, today);
    case "YESTERDAY":
      return range(yesterday, yesterday);
    case "LAST_7_DAYS":
      return range(today.minus({ days: 7 }), yesterday);
    case "LAST_14_DAYS":
      return range(today.minus({ days: 14 }), yesterday);
    case "LAST_28_DAYS":
      return range(today.minus({ days: 28 }), yesterday);
    case "THIS_WEEK_START_SUNDAY":
      return range(startOfWeek(today, 7), today);
    case "LAST_WEEK_START_SUNDAY": {
      const start = startOfWeek(today, 7).minus({ weeks: 1 });
      return range(start, start.plus({ days: 6 }));
    }
    case "THIS_WEEK_START_MONDAY":
      return range(startOfWeek(today, 1), today);
    case "LAST_WEEK_START_MONDAY": {
      const start = startOfWeek(today, 1).minus({ weeks: 1 });
      return range(start, start.plus({ days: 6 }));
    }
    case "THIS_MONTH":
      return range(today.startOf("month"), today);
    case "LAST_MONTH": {
      const start = today.startOf("month").minus({ months: 1 });
      return range(start, start.endOf("month"));
    }
    case "THIS_QUARTER":
      return range(today.startOf("quarter"), today);
    case "LAST_QUARTER": {
      const start = today.startOf("quarter").minus({ quarters: 1 });
      return range(start, start.endOf("quarter"));
    }
    case "THIS_YEAR":
      return range(today.startOf("year"), today);
    case "LAST_YEAR": {
      const start = today.startOf("year").minus({ years: 1 });
      return range(start, start.endOf("year"));
    }
    case "CUSTOM": {
      const start = parseDay(opts.start, "Start date", opts.timezone);
      const end = parseDay(opts.end, "End date", opts.timezone);
      if (end < start) throw new InvalidDateRangeError(`End date ${opts.end} is before start date ${opts.start}.`);
      return range(start, end);
    }
    case "SINCE": {
      const since = parseDay(opts.since ?? opts.start, "Since date", opts.timezone);
      if (since > today) throw new InvalidDateRangeError(`Since date ${format(since)} is in the future.`);
      return range(since, today);
    }
  }
}

/** Checks an explicit range (both ends valid, end not before start). */
export function assertDateRange(value: DateRange): DateRange {
  const start = parseDay(value.start, "Start date");
  const end = parseDay(value.end, "End date");
  if (end < start) throw new InvalidDateRangeError(`End date ${value.end} is before start date ${value.start}.`);
  return value;
}

/** A YYYY-MM-DD day's year, month and day, with parseDay's errors; luxon only when the quick check fails. */
function calendarDay(value: string | undefined, label: string): [number, number, number] {
  if (value !== undefined && ISO_DAY.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    // Date.UTC rolls 2026-02-30 over to March: a day that round-trips is a real date.
    if (date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d) return [y, m, d];
  }
  const day = parseDay(value, label);
  return [day.year, day.month, day.day];
}

/** Every day of an inclusive range, oldest first. */
export function eachDay(value: DateRange): string[] {
  // Calendar days need no timezone: UTC arithmetic on the validated ends (luxon per day, or even
  // per end, cost tens of microseconds, which every read through the read cache paid).
  const [y, m, d] = calendarDay(value.start, "Start date");
  calendarDay(value.end, "End date");
  const days: string[] = [];
  for (let i = 0; ; i++) {
    const day = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
    if (day > value.end) break;
    days.push(day);
  }
  return days;
}

/** Number of days in an inclusive range. */
export function dayCount(value: DateRange): number {
  const start = parseDay(value.start, "Start date");
  const end = parseDay(value.end, "End date");
  return Math.round(end.diff(start, "days").days) + 1;
}

/** Splits a range into consecutive chunks of at most `maxDays` days (backfills, API range caps). */
export function splitDateRange(value: DateRange, maxDays: number): DateRange[] {
  if (!Number.isInteger(maxDays) || maxDays < 1) throw new RangeError(`maxDays must be a positive integer, got ${maxDays}`);
  assertDateRange(value);
  const end = parseDay(value.end, "End date");
  const chunks: DateRange[] = [];
  for (let start = parseDay(value.start, "Start date"); start <= end; start = start.plus({ days: maxDays })) {
    const chunkEnd = DateTime.min(start.plus({ days: maxDays - 1 }), end);
    chunks.push(range(start, chunkEnd));
  }
  return chunks;
}

/**
 * The days a platform may still revise: the last `days` complete days plus today, in the
 * account's timezone, oldest first. Re-extract them on every run.
 */
export function restatementWindow(days: number, opts: { timezone: string; now?: Date }): DateRange {
  const today = DateTime.fromJSDate(opts.now ?? new Date(), { zone: opts.timezone }).startOf("day");
  return range(today.minus({ days: Math.max(0, days) }), today);
}

export function restatementDays(days: number, opts: { timezone: string; now?: Date }): string[] {
  return eachDay(restatementWindow(days, opts));
}

/** The day `n` days after (or before, when negative) a YYYY-MM-DD day (calendar arithmetic: no timezone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = calendarDay(day, "Day");
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The timezone an account's days are counted in, one rule for query URLs, job runs and alerts:
 * the connector's fixed zone, else the account's own, else the one the platform listed for it,
 * else UTC. Two features reading "yesterday" for one account must mean the same day.
 */
export function accountTimezone(handling: TimezoneHandling, account: { timezone?: string | null; listed?: string | null }): string {
  if (typeof handling === "object") return handling.fixed;
  return account.timezone || account.listed || "UTC";
}

/** The days a data-stream run reads (decision 0821). */
export interface RunDays {
  /** What the date preset asks for: the very days a query URL's preset means. */
  requested: DateRange;
  /** Recent days before `requested` that the platform may still revise and earlier runs loaded. */
  refetched: DateRange | null;
  /** refetched then requested: one contiguous range. */
  range: DateRange;
}

/**
 * The days of a scheduled or manual run: its preset's days, and before them the days of the
 * platform's restatement window that the preset no longer covers (yesterday's run re-reads the
 * days before yesterday the platform may still revise). Never a day after the preset's end: a
 * preset that ends yesterday does not load today's partial figures. CUSTOM ranges are fixed
 * history: nothing is re-fetched.
 */
export function runDays(preset: DatePreset | string, opts: ResolveDateRangeOptions, restatementDays: number): RunDays {
  const requested = resolveDateRange(preset, opts);
  if (preset === "CUSTOM") return { requested, refetched: null, range: requested };
  const window = restatementWindow(restatementDays, opts);
  if (window.start >= requested.start) return { requested, refetched: null, range: requested };
  const refetched = { start: window.start, end: addDays(requested.start, -1) };
  return { requested, refetched, range: { start: refetched.start, end: requested.end } };
}

/** Today in a timezone, as YYYY-MM-DD. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return format(DateTime.fromJSDate(now, { zone: timezone }));
}
