import { describe, expect, it } from "vitest";
import { DATE_PRESETS } from "../../engine/browser.js";
import { datePresetLabel, datesLabel, destinationTypeLabel, frequencyInWords, jobStatusLabel, stepLabel } from "./labels";
import { formatDateTime, formatDay } from "./format-date";
import { formatMoney, formatNumber } from "../../lib/format.js";
import { FREQUENCY_PRESETS } from "./jobs";

describe("plain-language labels (issue 19)", () => {
  it("names every date preset in words, and custom ranges by their days", () => {
    for (const p of DATE_PRESETS) expect(datePresetLabel(p)).not.toMatch(/^[A-Z_0-9]+$/);
    expect(datePresetLabel("LAST_7_DAYS")).toBe("Last 7 days");
    expect(datesLabel("CUSTOM", "2026-11-01", "2026-11-07")).toBe("1 Nov 2026 to 7 Nov 2026");
    expect(datesLabel("SINCE", "2026-01-15")).toBe("Since 15 Jan 2026");
  });

  it("names job statuses, steps and destination types", () => {
    expect(jobStatusLabel("WAITING", null)).toBe("Not run yet");
    expect(jobStatusLabel("ACTIVE", "2026-11-25T10:00:00Z")).toBe("Active");
    expect(stepLabel("EXTRACT")).toBe("Extracting");
    expect(stepLabel("END_PROCESS")).toBe("Finished");
    expect(destinationTypeLabel("POSTGRES")).toBe("Postgres");
    expect(destinationTypeLabel("postgres")).toBe("Postgres");
    expect(destinationTypeLabel("POWERBI")).toBe("Power BI");
    expect(destinationTypeLabel("JSON")).toBe("Query URL (JSON)");
  });

  it("says every frequency preset in words, with the user's local time when it differs", () => {
    for (const p of FREQUENCY_PRESETS) expect(frequencyInWords(p.value)).not.toContain("cron");
    expect(frequencyInWords("0 0 * * *")).toBe("Every day at 00:00, UTC");
    expect(frequencyInWords("0 */6 * * *")).toBe("Every 6 hours (00:00, 06:00, 12:00 and 18:00, UTC)");
    expect(frequencyInWords("*/15 * * * *")).toBe("Every 15 minutes");
    expect(frequencyInWords("0 0 * * 0")).toBe("Every Sunday at 00:00, UTC");
    expect(frequencyInWords("0 0 1 * *")).toBe("On day 1 of every month at 00:00, UTC");
    expect(frequencyInWords("30 6 * * 1", "Europe/Paris", new Date("2026-01-15T12:00:00Z"))).toBe("Every Monday at 06:30, UTC (07:30 your time)");
    expect(frequencyInWords("5 4 * 2 *")).toBe("Custom schedule (cron 5 4 * 2 *, UTC)");
  });

  it("writes moments in the user's zone with the zone named, days and numbers as people read them", () => {
    expect(formatDateTime("2026-11-25T21:21:40Z", "UTC")).toBe("25 Nov 2026, 21:21 UTC");
    expect(formatDateTime("2026-11-25T21:21:40Z", "Europe/Paris")).toBe("25 Nov 2026, 22:21 CET");
    expect(formatDateTime("2026-11-25T21:21:40Z", "Not/AZone")).toBe("25 Nov 2026, 21:21 UTC");
    expect(formatDateTime(null, "UTC", "Never")).toBe("Never");
    expect(formatDay("2026-11-18")).toBe("18 Nov 2026");
    expect(formatNumber(12345.678)).toBe("12,345.68");
    expect(formatMoney(1234.5, "usd")).toBe("$1,234.50");
    expect(formatMoney(1234.5, "EUR").replace(/\s/g, " ")).toBe("1 234,50 €");
    expect(formatMoney(3, "XYZ1")).toBe("3 XYZ1");
  });
});
