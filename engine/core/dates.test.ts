import { describe, expect, it } from "vitest";
import { InvalidDateRangeError } from "./errors.js";
import { DATE_PRESETS, dayCount, eachDay, resolveDateRange, restatementDays, splitDateRange } from "./dates.js";

// Wednesday 2025-05-14 10:00 UTC (Thursday 00:30 in Sydney, still Wednesday in New York).
const now = new Date("2025-05-14T14:30:00Z");
const utc = { timezone: "UTC", now };

describe("resolveDateRange", () => {
  it.each([
    ["TODAY", "2025-05-14", "2025-05-14"],
    ["YESTERDAY", "2025-05-13", "2025-05-13"],
    ["LAST_7_DAYS", "2025-05-07", "2025-05-13"],
    ["LAST_14_DAYS", "2025-04-30", "2025-05-13"],
    ["LAST_28_DAYS", "2025-04-16", "2025-05-13"],
    ["THIS_WEEK_START_SUNDAY", "2025-05-11", "2025-05-14"],
    ["LAST_WEEK_START_SUNDAY", "2025-05-04", "2025-05-10"],
    ["THIS_WEEK_START_MONDAY", "2025-05-12", "2025-05-14"],
    ["LAST_WEEK_START_MONDAY", "2025-05-05", "2025-05-11"],
    ["THIS_MONTH", "2025-05-01", "2025-05-14"],
    ["LAST_MONTH", "2025-04-01", "2025-04-30"],
    ["THIS_QUARTER", "2025-04-01", "2025-05-14"],
    ["LAST_QUARTER", "2025-01-01", "2025-03-31"],
    ["THIS_YEAR", "2025-01-01", "2025-05-14"],
    ["LAST_YEAR", "2024-01-01", "2024-12-31"],
  ])("%s in UTC", (preset, start, end) => {
    expect(resolveDateRange(preset, utc)).toEqual({ start, end });
  });

  it("covers every preset of spec 2 §5", () => {
    expect(DATE_PRESETS).toHaveLength(17);
  });

  it("uses the account's timezone for today", () => {
    expect(resolveDateRange("TODAY", { timezone: "Australia/Sydney", now: new Date("2025-05-14T14:30:00Z") })).toEqual({
      start: "2025-05-15",
      end: "2025-05-15",
    });
    expect(resolveDateRange("YESTERDAY", { timezone: "America/New_York", now: new Date("2025-05-15T02:00:00Z") })).toEqual({
      start: "2025-05-13",
      end: "2025-05-13",
    });
  });

  it("handles a Sunday for both week conventions", () => {
    const sunday = { timezone: "UTC", now: new Date("2025-05-18T12:00:00Z") };
    expect(resolveDateRange("THIS_WEEK_START_SUNDAY", sunday)).toEqual({ start: "2025-05-18", end: "2025-05-18" });
    expect(resolveDateRange("THIS_WEEK_START_MONDAY", sunday)).toEqual({ start: "2025-05-12", end: "2025-05-18" });
    expect(resolveDateRange("LAST_WEEK_START_MONDAY", sunday)).toEqual({ start: "2025-05-05", end: "2025-05-11" });
  });

  it("takes CUSTOM and SINCE dates", () => {
    expect(resolveDateRange("CUSTOM", { ...utc, start: "2025-02-01", end: "2025-02-28" })).toEqual({ start: "2025-02-01", end: "2025-02-28" });
    expect(resolveDateRange("SINCE", { ...utc, since: "2025-05-01" })).toEqual({ start: "2025-05-01", end: "2025-05-14" });
  });

  it.each([
    [{ start: "2025-03-02", end: "2025-03-01" }, /before start/],
    [{ start: "2025-03-01" }, /End date is required/],
    [{ end: "2025-03-01" }, /Start date is required/],
    [{ start: "01/03/2025", end: "2025-03-02" }, /format YYYY-MM-DD/],
    [{ start: "2025-02-30", end: "2025-03-02" }, /not a real calendar date/],
  ])("rejects a bad CUSTOM range %o", (dates, message) => {
    expect(() => resolveDateRange("CUSTOM", { ...utc, ...dates })).toThrow(InvalidDateRangeError);
    expect(() => resolveDateRange("CUSTOM", { ...utc, ...dates })).toThrow(message);
  });

  it("rejects unknown presets, future SINCE and unknown zones", () => {
    expect(() => resolveDateRange("LAST_3_DAYS", utc)).toThrow(InvalidDateRangeError);
    expect(() => resolveDateRange("SINCE", { ...utc, since: "2026-01-01" })).toThrow(/future/);
    expect(() => resolveDateRange("TODAY", { timezone: "Mars/Olympus", now })).toThrow(/timezone/);
  });
});

describe("range helpers", () => {
  it("splits a range into chunks covering every day exactly once", () => {
    const chunks = splitDateRange({ start: "2024-12-25", end: "2025-01-10" }, 7);
    expect(chunks).toEqual([
      { start: "2024-12-25", end: "2024-12-31" },
      { start: "2025-01-01", end: "2025-01-07" },
      { start: "2025-01-08", end: "2025-01-10" },
    ]);
    expect(chunks.flatMap(eachDay)).toEqual(eachDay({ start: "2024-12-25", end: "2025-01-10" }));
    expect(dayCount({ start: "2024-12-25", end: "2025-01-10" })).toBe(17);
  });

  it("does not lose a day across a DST change", () => {
    expect(eachDay({ start: "2025-03-29", end: "2025-03-31" })).toEqual(["2025-03-29", "2025-03-30", "2025-03-31"]);
  });

  it("refuses ends that are not real calendar days, naming them", () => {
    expect(eachDay({ start: "2024-02-28", end: "2024-03-01" })).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(() => eachDay({ start: "2026-02-29", end: "2026-03-02" })).toThrow(/Start date "2026-02-29" is not a real calendar date/);
    expect(() => eachDay({ start: "2026-03-01", end: "2026-13-01" })).toThrow(/End date "2026-13-01" is not a real calendar date/);
    expect(() => eachDay({ start: "2026-3-1", end: "2026-03-02" })).toThrow(/Start date "2026-3-1" is not a date in the format YYYY-MM-DD/);
    expect(() => eachDay({ start: "", end: "2026-03-02" })).toThrow(/Start date is required/);
  });

  it("lists the restatement window in the account's zone", () => {
    expect(restatementDays(3, { timezone: "Europe/Paris", now: new Date("2025-05-14T23:30:00Z") })).toEqual([
      "2025-05-12",
      "2025-05-13",
      "2025-05-14",
      "2025-05-15",
    ]);
    expect(restatementDays(0, utc)).toEqual(["2025-05-14"]);
  });
});
