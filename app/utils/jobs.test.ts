import { describe, expect, it } from "vitest";
import { cronProblem, DeploymentStepSchema, formatDuration, jobStatusLabel, JOB_MESSAGES } from "./jobs";

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

  it("labels statuses and durations as the spec shows them", () => {
    expect(jobStatusLabel("WAITING", null)).toBe("Initializing");
    expect(jobStatusLabel("ACTIVE", new Date())).toBe("ACTIVE");
    expect(formatDuration(125_000)).toBe("2:05");
    expect(formatDuration(null)).toBe("-");
  });
});
