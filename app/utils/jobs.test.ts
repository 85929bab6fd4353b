import { describe, expect, it } from "vitest";
import { cronProblem, DeploymentStepSchema, formatDuration, JOB_MESSAGES, retriesText, runDaysText } from "./jobs";

describe("job rules", () => {
  it("accepts the presets and refuses invalid cron", () => {
    for (const c of ["0 0 * * *", "*/15 * * * *", "0 */12 * * *", "0 0 1 * *", "30 6 * * 1-5"]) expect(cronProblem(c)).toBeUndefined();
    for (const c of ["", "0 0 * *", "61 * * * *", "0 25 * * *", "0 0 32 * *", "0 0 * * 7", "*/0 * * * *", "a b c d e"]) expect(cronProblem(c)).toBe(JOB_MESSAGES.cron);
  });

  it("needs recurrency, date, table name, and ordered custom dates", () => {
    const r = DeploymentStepSchema.safeParse({ step: "deployment", recurrency: "", date: "", tableName: "" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([JOB_MESSAGES.recurrency, JOB_MESSAGES.date, JOB_MESSAGES.tableName]));
    const custom = DeploymentStepSchema.safeParse({ step: "deployment", recurrency: "0 0 * * *", date: "CUSTOM", startDate: "2024-02-01", endDate: "2024-01-01", tableName: "t" });
    expect(custom.error!.issues.map((i) => i.message)).toEqual([JOB_MESSAGES.endBeforeStart]);
    const init = DeploymentStepSchema.safeParse({ step: "deployment", recurrency: "0 0 * * *", date: "LAST_7_DAYS", tableName: "t", initialFetch: true, dateInitialization: "CUSTOM" });
    expect(init.error!.issues.map((i) => i.message)).toEqual([JOB_MESSAGES.initStartRequired, JOB_MESSAGES.initEndRequired]);
  });

  it("writes durations as the spec shows them", () => {
    expect(formatDuration(125_000)).toBe("2:05");
    expect(formatDuration(null)).toBe("-");
    // A step of a few seconds never reads 0:00.
    expect(formatDuration(3_240)).toBe("0:03.2");
    expect(formatDuration(40)).toBe("0:00.0");
    expect(formatDuration(9_960)).toBe("0:10");
  });

  it("says which days a run was asked for and which it re-fetched", () => {
    expect(runDaysText({ dateStart: "2026-11-21", dateEnd: "2026-11-24", requestedStart: "2026-11-24", requestedEnd: "2026-11-24" })).toEqual({
      requested: "2026-11-24 (1 day)",
      refetched: "also re-fetched 3 days the platform may still revise (2026-11-21 → 2026-11-23)",
    });
    expect(runDaysText({ dateStart: "2026-11-18", dateEnd: "2026-11-24", requestedStart: "2026-11-18", requestedEnd: "2026-11-24" })).toEqual({ requested: "2026-11-18 → 2026-11-24 (7 days)", refetched: null });
    expect(runDaysText({ dateStart: "2026-11-20", dateEnd: "2026-11-21", requestedStart: "2026-11-21", requestedEnd: "2026-11-21" }).refetched).toBe(
      "also re-fetched 1 day the platform may still revise (2026-11-20)",
    );
    // Logs written before requested days were recorded.
    expect(runDaysText({ dateStart: "2026-11-18", dateEnd: "2026-11-24", requestedStart: null, requestedEnd: null })).toEqual({ requested: "2026-11-18 → 2026-11-24 (7 days)", refetched: null });
    expect(retriesText([{ attempts: [{ attempt: 1 }] }, {}])).toBeNull();
    expect(retriesText([{ attempts: [{ attempt: 1 }, { attempt: 2 }, { attempt: 3 }] }])).toBe("after 2 retries");
  });
});
