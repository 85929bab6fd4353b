import { describe, expect, it } from "vitest";
import { DEMO_FIELDS } from "../connectors/demo/fields.js";
import { cacheShape, dayVerdict, planDays, type PlanDaysInput } from "./day-partitions.js";

const fields = DEMO_FIELDS.campaigns;
// 2026-03-20 10:00 in Paris; the demo platform revises its last 3 days.
const now = new Date("2026-03-20T09:00:00Z");
const base = { restatementDays: 3, timezone: "Europe/Paris", now, policy: { recentMs: 60 * 60_000, windowMs: 6 * 60 * 60_000 } };
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("dayVerdict", () => {
  it("reads a stored day inside the restatement window again once it is older than the limit", () => {
    // Window: 2026-03-17 .. 2026-03-20 (today). 03-18 is in it, not today or yesterday: 6 h.
    expect(dayVerdict("2026-03-18", hoursAgo(5), base)).toBe("stored");
    expect(dayVerdict("2026-03-18", hoursAgo(7), base)).toBe("stale");
    expect(dayVerdict("2026-03-17", hoursAgo(7), base)).toBe("stale");
  });

  it("reads today and yesterday again sooner", () => {
    expect(dayVerdict("2026-03-20", hoursAgo(0.5), base)).toBe("stored");
    expect(dayVerdict("2026-03-20", hoursAgo(2), base)).toBe("stale");
    expect(dayVerdict("2026-03-19", hoursAgo(2), base)).toBe("stale");
  });

  it("never reads again a day outside the window that was fetched after it left the window", () => {
    // 03-16 left the window at the start of 03-20 (Paris): fetched at 00:30 that day, it is final.
    expect(dayVerdict("2026-03-16", new Date("2026-03-19T23:30:00Z"), base)).toBe("stored");
    expect(dayVerdict("2026-01-05", new Date("2026-01-20T12:00:00Z"), base)).toBe("stored");
  });

  it("reads once more a day outside the window that was fetched while still inside it", () => {
    // Fetched at 23:30 Paris on 03-19: 03-16 was still revisable then.
    expect(dayVerdict("2026-03-16", new Date("2026-03-19T22:30:00Z"), base)).toBe("unsettled");
    expect(dayVerdict("2026-01-05", new Date("2026-01-06T12:00:00Z"), base)).toBe("unsettled");
  });

  it("says missing, future and refresh", () => {
    expect(dayVerdict("2026-03-10", undefined, base)).toBe("missing");
    expect(dayVerdict("2026-03-21", hoursAgo(0), base)).toBe("future");
    expect(dayVerdict("2026-03-10", hoursAgo(1), { ...base, refresh: true })).toBe("refresh");
  });

  it("counts days in the account's timezone", () => {
    // 09:00 UTC is still the 19th in Honolulu: its 20th has not begun.
    expect(dayVerdict("2026-03-20", hoursAgo(0), { ...base, timezone: "Pacific/Honolulu" })).toBe("future");
  });
});

describe("planDays", () => {
  const stored = (days: string[], at: Date) => new Map(days.map((d) => [d, at]));
  const input = (over: Partial<PlanDaysInput>): PlanDaysInput => ({ ...base, range: { start: "2026-03-01", end: "2026-03-20" }, stored: new Map(), ...over });

  it("serves settled days and reads the stale window in one run", () => {
    const days = Array.from({ length: 20 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`);
    const segments = planDays(input({ stored: stored(days, hoursAgo(7)) }));
    expect(segments.map((s) => [s.from, s.range.start, s.range.end])).toEqual([
      ["cache", "2026-03-01", "2026-03-16"],
      ["platform", "2026-03-17", "2026-03-20"],
    ]);
  });

  it("merges a short stored gap (not a long one) into the platform runs around it", () => {
    const have = ["2026-03-01", "2026-03-02", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-10"];
    const segments = planDays(input({ range: { start: "2026-03-01", end: "2026-03-12" }, stored: stored(have, new Date("2026-03-18T00:00:00Z")) }));
    expect(segments.map((s) => [s.from, s.range.start, s.range.end])).toEqual([
      ["cache", "2026-03-01", "2026-03-02"],
      ["platform", "2026-03-03", "2026-03-04"],
      ["cache", "2026-03-05", "2026-03-07"],
      ["platform", "2026-03-08", "2026-03-12"],
    ]);
  });
});

describe("cacheShape", () => {
  it("stores by day when the date is asked, or the read is hourly (rows are one per date and hour anyway)", () => {
    expect(cacheShape(fields, ["date", "clicks"], undefined)).toEqual({ by: "days", layout: ["date", "clicks"] });
    expect(cacheShape(fields, ["campaign_name", "clicks"], "hour")).toEqual({ by: "days", layout: ["campaign_name", "clicks", "date"] });
  });

  it("stores a read without the date as one answer for its range: per-day rows cannot rebuild it", () => {
    expect(cacheShape(fields, ["ctr", "campaign_name"], undefined)).toEqual({ by: "range", layout: ["ctr", "campaign_name"] });
    expect(cacheShape(fields.filter((f) => f.id !== "date"), ["clicks", "hour"], "hour")).toEqual({ by: "range", layout: ["clicks", "hour"] });
  });
});
