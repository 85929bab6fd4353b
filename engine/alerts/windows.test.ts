import { describe, expect, it } from "vitest";
import { LIFETIME_DAYS, resolvePacingPeriod, resolveWindow, stillChangingDays } from "./windows.js";

// Wednesday 18 November 2026, 10:30 UTC = 11:30 in Paris, 05:30 in New York, 19:30 in Tokyo.
const now = new Date("2026-11-18T10:30:00Z");

describe("resolveWindow", () => {
  it("resolves hour windows as complete hours ending at the current hour, in the account's timezone", () => {
    expect(resolveWindow("4_hour", { timezone: "Europe/Paris", now }).buckets).toEqual(["2026-11-18T07", "2026-11-18T08", "2026-11-18T09", "2026-11-18T10"]);
    const ny = resolveWindow("8_hour", { timezone: "America/New_York", now });
    expect(ny.buckets[0]).toBe("2026-11-17T21");
    expect(ny.buckets.at(-1)).toBe("2026-11-18T04");
    expect(ny.days).toEqual({ start: "2026-11-17", end: "2026-11-18" });
    expect(ny.granularity).toBe("hour");
    expect(resolveWindow("24_hour", { timezone: "UTC", now }).hours).toBe(24);
    expect(resolveWindow("12_hour", { timezone: "UTC", now }).buckets).toHaveLength(12);
  });

  it("resolves day windows ending yesterday", () => {
    expect(resolveWindow("yesterday", { timezone: "Europe/Paris", now }).buckets).toEqual(["2026-11-17"]);
    // In Tokyo it is already the evening of the 18th; in Pago Pago still the night of the 17th.
    expect(resolveWindow("yesterday", { timezone: "Pacific/Pago_Pago", now }).buckets).toEqual(["2026-11-16"]);
    const seven = resolveWindow("7_days", { timezone: "Asia/Tokyo", now });
    expect(seven.days).toEqual({ start: "2026-11-11", end: "2026-11-17" });
    expect(seven.buckets).toHaveLength(7);
    expect(resolveWindow("30_days", { timezone: "UTC", now }).days).toEqual({ start: "2026-10-19", end: "2026-11-17" });
  });

  it("resolves last_month and lifetime", () => {
    const lm = resolveWindow("last_month", { timezone: "UTC", now });
    expect(lm.days).toEqual({ start: "2026-10-01", end: "2026-10-31" });
    expect(lm.buckets).toHaveLength(31);
    const jan = resolveWindow("last_month", { timezone: "UTC", now: new Date("2027-01-05T00:00:00Z") });
    expect(jan.days).toEqual({ start: "2026-12-01", end: "2026-12-31" });
    const life = resolveWindow("lifetime", { timezone: "UTC", now });
    expect(life.buckets).toHaveLength(LIFETIME_DAYS);
    expect(life.days.end).toBe("2026-11-18");
  });

  it("crosses a daylight-saving change with 24 distinct hours", () => {
    // Paris falls back on 25 October 2026 at 03:00.
    const w = resolveWindow("24_hour", { timezone: "Europe/Paris", now: new Date("2026-10-25T12:10:00Z") });
    expect(new Set(w.buckets).size).toBeLessThanOrEqual(24);
    expect(w.buckets.at(-1)).toBe("2026-10-25T12");
  });
});

describe("stillChangingDays", () => {
  it("is today and the restatement days before it, in the account's timezone", () => {
    expect([...stillChangingDays(3, { timezone: "Europe/Paris", now })]).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18"]);
    expect([...stillChangingDays(0, { timezone: "Pacific/Pago_Pago", now })]).toEqual(["2026-11-17"]);
  });
});

describe("resolvePacingPeriod", () => {
  it("starts weeks on Monday", () => {
    const week = resolvePacingPeriod("start_of_week", { timezone: "UTC", now });
    expect(week.allDays[0]).toBe("2026-11-16");
    expect(week.allDays).toHaveLength(7);
    expect(week.elapsedDays).toEqual(["2026-11-16", "2026-11-17", "2026-11-18"]);
    // Sunday belongs to the week that started the Monday before.
    const sunday = resolvePacingPeriod("start_of_week", { timezone: "UTC", now: new Date("2026-11-22T20:00:00Z") });
    expect(sunday.allDays[0]).toBe("2026-11-16");
  });

  it("measures the share of the month and the day gone", () => {
    const month = resolvePacingPeriod("start_of_month", { timezone: "UTC", now });
    expect(month.allDays).toHaveLength(30);
    expect(month.elapsedFraction).toBeCloseTo((17 * 24 + 10.5) / (30 * 24), 6);
    const day = resolvePacingPeriod("every_day", { timezone: "Europe/Paris", now });
    expect(day.allDays).toEqual(["2026-11-18"]);
    expect(day.elapsedFraction).toBeCloseTo(11.5 / 24, 6);
    expect(resolvePacingPeriod("every_day", { timezone: "UTC", now: new Date("2026-11-18T00:05:00Z") }).elapsedFraction).toBeCloseTo(1 / 24, 6);
  });
});
