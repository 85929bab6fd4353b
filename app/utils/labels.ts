// Plain-language labels for every value the screens show (issue 19): date presets, job and step
// statuses, destination types, schedules. One module, shared by the browser and the server, so a
// raw TODAY, ACTIVE, POSTGRES or cron text never reaches a screen.
import { describeDestination, type DatePreset } from "../../engine/browser.js";
import { CONNECTION_DESTINATION_TYPES } from "./connection-form";
import { formatDay } from "./format-date";

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  TODAY: "Today",
  YESTERDAY: "Yesterday",
  LAST_7_DAYS: "Last 7 days",
  LAST_14_DAYS: "Last 14 days",
  LAST_28_DAYS: "Last 28 days",
  THIS_WEEK_START_SUNDAY: "This week (starts Sunday)",
  LAST_WEEK_START_SUNDAY: "Last week (starts Sunday)",
  THIS_WEEK_START_MONDAY: "This week (starts Monday)",
  LAST_WEEK_START_MONDAY: "Last week (starts Monday)",
  THIS_MONTH: "This month",
  LAST_MONTH: "Last month",
  THIS_QUARTER: "This quarter",
  LAST_QUARTER: "Last quarter",
  THIS_YEAR: "This year",
  LAST_YEAR: "Last year",
  CUSTOM: "Custom dates",
  SINCE: "Since a date",
};

export function datePresetLabel(preset: string | null | undefined): string {
  if (!preset) return "-";
  return DATE_PRESET_LABELS[preset as DatePreset] ?? preset;
}

/** A job's or a query's days: the preset in words, or the custom range ("12 Nov 2026 to 18 Nov 2026"). */
export function datesLabel(preset: string | null | undefined, start?: string | null, end?: string | null): string {
  if (preset === "CUSTOM" && start && end) return `${formatDay(start)} to ${formatDay(end)}`;
  if (preset === "SINCE" && start) return `Since ${formatDay(start)}`;
  return datePresetLabel(preset);
}

/** db/tables/data-streams.ts JobStatus. */
const JOB_STATUS_LABELS: Record<string, string> = {
  WAITING: "Scheduled",
  ACTIVE: "Active",
  PAUSED: "Paused",
  ERROR: "Failed",
  BLOCKED: "Blocked",
};

/** A job's status; a job never launched is "Not run yet" (spec 2 §4's "Initializing"). */
export function jobStatusLabel(status: string, lastLaunchedAt: string | Date | null): string {
  if (status === "WAITING" && !lastLaunchedAt) return "Not run yet";
  return JOB_STATUS_LABELS[status] ?? status;
}

/** The step a run reached (job_logs.last_step_reached). */
const STEP_LABELS: Record<string, string> = { EXTRACT: "Extracting", LOAD: "Loading", END_PROCESS: "Finished" };
export function stepLabel(step: string | null | undefined): string {
  return step ? (STEP_LABELS[step] ?? step) : "-";
}

/** A destination type as stored anywhere: a configured destination ("postgres", "POSTGRES") or a connection's ("POWERBI", "JSON"). */
export function destinationTypeLabel(type: string | null | undefined): string {
  if (!type) return "-";
  const named = CONNECTION_DESTINATION_TYPES.find((t) => t.value === type);
  if (named) return named.label;
  return describeDestination(type)?.label ?? describeDestination(type.toLowerCase())?.label ?? type;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const two = (n: number) => String(n).padStart(2, "0");
const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const num = (s: string | undefined, lo: number, hi: number) => (s !== undefined && /^\d+$/.test(s) && Number(s) >= lo && Number(s) <= hi ? Number(s) : undefined);

/** The wall-clock time `hh:mm` UTC is in `timeZone` today (for "00:00 UTC (01:00 your time)"). */
function localTime(hour: number, minute: number, timeZone: string, now: Date): string | undefined {
  if (timeZone === "UTC") return undefined;
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute));
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  } catch {
    return undefined;
  }
}

/**
 * A schedule's cron (5 fields, run in UTC by Temporal) in words: "Every day at 00:00, UTC",
 * "Every 6 hours (00:00, 06:00, 12:00 and 18:00, UTC)", "Every Monday at 06:30, UTC (08:30 your
 * time)". A shape it cannot say in words is "Custom schedule (cron <expr>, UTC)".
 */
export function frequencyInWords(cron: string, timeZone = "UTC", now = new Date()): string {
  const parts = cron.trim().split(/\s+/);
  const custom = `Custom schedule (cron ${cron.trim()}, UTC)`;
  if (parts.length !== 5) return custom;
  const [min, hour, dom, month, dow] = parts as [string, string, string, string, string];
  if (month !== "*") return custom;
  const everyMinutes = /^\*\/(\d+)$/.exec(min)?.[1];
  if (everyMinutes && hour === "*" && dom === "*" && dow === "*") return Number(everyMinutes) === 1 ? "Every minute" : `Every ${everyMinutes} minutes`;
  const m = num(min, 0, 59);
  if (m === undefined) return custom;
  if (hour === "*" && dom === "*" && dow === "*") return m === 0 ? "Every hour, on the hour" : `Every hour at ${two(m)} minutes past`;
  const everyHours = /^\*\/(\d+)$/.exec(hour)?.[1];
  if (everyHours && dom === "*" && dow === "*") {
    const n = Number(everyHours);
    const times = Array.from({ length: Math.ceil(24 / n) }, (_, i) => `${two(i * n)}:${two(m)}`);
    return `Every ${n} hours (${times.length <= 6 ? list(times) : `from ${times[0]}`}, UTC)`;
  }
  const h = num(hour, 0, 23);
  if (h === undefined) return custom;
  const at = `${two(h)}:${two(m)}, UTC`;
  const local = localTime(h, m, timeZone, now);
  const suffix = local && local !== `${two(h)}:${two(m)}` ? ` (${local} your time)` : "";
  if (dom === "*" && dow === "*") return `Every day at ${at}${suffix}`;
  if (dom === "*") {
    if (dow === "1-5") return `Every weekday (Monday to Friday) at ${at}${suffix}`;
    const days = dow.split(",").map((d) => num(d, 0, 7));
    if (days.some((d) => d === undefined)) return custom;
    return `Every ${list(days.map((d) => WEEKDAYS[d! % 7]!))} at ${at}${suffix}`;
  }
  const d = num(dom, 1, 31);
  if (d !== undefined && dow === "*") return `On day ${d} of every month at ${at}${suffix}`;
  return custom;
}
