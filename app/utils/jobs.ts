// Data-stream and job form rules (spec 2 §5 Data stream, Job, Deployment; §9 frequency presets),
// shared by the browser and the server.
import { z } from "zod";
import { idField } from "../../lib/ids.js";

export const STREAM_MESSAGES = {
  name: "You need to set a name to the connection.",
  platform: "You need to set a platform type.",
  destination: "You need to set a destination to the connection.",
  deletedTitle: "The datastream has been deleted",
  deleteFailedTitle: "Unable to delete the datastream",
  failedText: "An error occurred. Please try again.",
} as const;

export const JOB_MESSAGES = {
  name: "You need to set a name to the connection.",
  accounts: "You need to set at least one accounts.",
  accountNotFound: "One of the chosen accounts is not an account of this data stream's platform in your company.",
  sourceNotFound: "The chosen source is not a source of this data stream's platform in your company.",
  unknownReport: "This report does not exist for this platform.",
  partitionNotDate: "The partition field must be one of the report's date fields.",
  earlierStepsChanged: "The choices of the earlier steps are no longer valid:",
  fields: "You need to set at least one fields.",
  recurrency: "You need to set a recurrency",
  cron: "This is not a valid cron expression (minute hour day-of-month month day-of-week).",
  date: "You need to set a date",
  // Spec 2 §5 reads "You need to set a date" here: corrected (docs/spec-deviations.md).
  tableName: "You need to set a table name.",
  startRequired: "Start date is required when date is CUSTOM",
  endRequired: "End date is required when date is CUSTOM",
  endBeforeStart: "The end date cannot be before the start date.",
  initStartRequired: "You need to set the start of the initialization period.",
  initEndRequired: "You need to set the end of the initialization period.",
  noPreviewData:
    "We do not have any data for the selected date. In order to proceed to the next step, you need to select a date for which you have some data.",
  createdTitle: "The job has been created",
  createdText: "Its first run is queued: the job page follows it until it finishes.",
  createFailedTitle: "Unable to create the job.",
  createFailedText: "There is an internal error system.",
  launchedTitle: "The job has been launched",
  launchedText: "The run is queued: this page follows it until it finishes.",
  alreadyRunningTitle: "This job is already running",
  alreadyRunningText: "Wait for the current run to finish before starting another.",
  updatedTitle: "The job has been updated",
  updatedText: "Your job has been updated.",
  errorTitle: "An error occurred.",
  errorText: "An internal server error occurred.",
  deletedTitle: "The job has been deleted",
  deleteFailedTitle: "Unable to delete the job",
  deleteFailedText: "An error occurred. Please try again.",
} as const;

/** Spec 2 §9: frequency presets (cron); default daily. */
export const FREQUENCY_PRESETS = [
  { value: "0 0 * * *", label: "Every day" },
  { value: "0 0 * * 0", label: "Every week" },
  { value: "0 0 1 * *", label: "Every month" },
  { value: "*/15 * * * *", label: "Every 15 minutes" },
  { value: "*/30 * * * *", label: "Every 30 minutes" },
  { value: "0 * * * *", label: "Every hour" },
  { value: "0 */2 * * *", label: "Every 2 hours" },
  { value: "0 */3 * * *", label: "Every 3 hours" },
  { value: "0 */4 * * *", label: "Every 4 hours" },
  { value: "0 */6 * * *", label: "Every 6 hours" },
  { value: "0 */8 * * *", label: "Every 8 hours" },
  { value: "0 */12 * * *", label: "Every 12 hours" },
] as const;
export const DEFAULT_RECURRENCY = "0 0 * * *";

export const RUN_DATE_OPTIONS = ["TODAY", "YESTERDAY", "LAST_7_DAYS", "LAST_14_DAYS", "LAST_28_DAYS", "THIS_MONTH", "LAST_MONTH", "CUSTOM"] as const;
export const INITIALIZATION_OPTIONS = ["LAST_28_DAYS", "LAST_MONTH", "LAST_QUARTER", "THIS_YEAR", "LAST_YEAR", "CUSTOM", "SINCE"] as const;

const day = /^\d{4}-\d{2}-\d{2}$/;

/** Five cron fields within their ranges (minute 0-59, hour 0-23, day 1-31, month 1-12, weekday 0-6). */
export function cronProblem(expr: string): string | undefined {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) return JOB_MESSAGES.cron;
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  for (let i = 0; i < 5; i++) {
    for (const item of parts[i]!.split(",")) {
      const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
      if (!m) return JOB_MESSAGES.cron;
      const [lo, hi] = ranges[i]!;
      for (const v of [m[2], m[3]]) if (v !== undefined && (Number(v) < lo || Number(v) > hi)) return JOB_MESSAGES.cron;
      if (m[4] !== undefined && Number(m[4]) === 0) return JOB_MESSAGES.cron;
    }
  }
  return undefined;
}

export const StreamSchema = z.object({
  name: z.string({ error: STREAM_MESSAGES.name }).trim().min(1, STREAM_MESSAGES.name),
  platform: z.string({ error: STREAM_MESSAGES.platform }).trim().min(1, STREAM_MESSAGES.platform),
  destinationId: idField(STREAM_MESSAGES.destination),
});

export const BasicStepSchema = z.object({
  step: z.literal("basic"),
  name: z.string({ error: JOB_MESSAGES.name }).trim().min(1, JOB_MESSAGES.name),
});

export const AccountsStepSchema = z
  .object({
    step: z.literal("accounts"),
    mode: z.enum(["specific", "source"]).default("specific"),
    dataSourceIds: z.array(idField(JOB_MESSAGES.accountNotFound)).default([]),
    networkAuthorizationId: idField(JOB_MESSAGES.sourceNotFound).optional(),
  })
  .superRefine((v, ctx) => {
    // Switching mode clears the other (spec 2 §2): only the chosen mode's value counts.
    if (v.mode === "specific" && v.dataSourceIds.length === 0) ctx.addIssue({ code: "custom", path: ["dataSourceIds"], message: JOB_MESSAGES.accounts });
    if (v.mode === "source" && !v.networkAuthorizationId) ctx.addIssue({ code: "custom", path: ["networkAuthorizationId"], message: JOB_MESSAGES.accounts });
  });

export const FieldsStepSchema = z.object({
  step: z.literal("fields"),
  report: z.string().optional(),
  fields: z.array(z.string().min(1), { error: JOB_MESSAGES.fields }).min(1, JOB_MESSAGES.fields),
});

export const DeploymentStepSchema = z
  .object({
    step: z.literal("deployment"),
    recurrency: z.string({ error: JOB_MESSAGES.recurrency }).trim().min(1, JOB_MESSAGES.recurrency),
    date: z.string({ error: JOB_MESSAGES.date }).min(1, JOB_MESSAGES.date),
    startDate: z.string().regex(day).optional(),
    endDate: z.string().regex(day).optional(),
    initialFetch: z.boolean().optional(),
    dateInitialization: z.string().optional(),
    startDateInitialization: z.string().regex(day).optional(),
    endDateInitialization: z.string().regex(day).optional(),
    partitionFieldId: z.array(z.string()).default([]),
    dataType: z.enum(["csv", "json"]).optional(),
    tableName: z.string({ error: JOB_MESSAGES.tableName }).trim().min(1, JOB_MESSAGES.tableName),
    shouldRunAllEvenIfFailed: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const cron = typeof v.recurrency === "string" ? cronProblem(v.recurrency) : null;
    if (cron) ctx.addIssue({ code: "custom", path: ["recurrency"], message: cron });
    if (v.date === "CUSTOM") {
      if (!v.startDate) ctx.addIssue({ code: "custom", path: ["startDate"], message: JOB_MESSAGES.startRequired });
      if (!v.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: JOB_MESSAGES.endRequired });
      if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: JOB_MESSAGES.endBeforeStart });
    }
    if (v.initialFetch) {
      if (!v.dateInitialization) ctx.addIssue({ code: "custom", path: ["dateInitialization"], message: JOB_MESSAGES.date });
      if (v.dateInitialization === "CUSTOM" || v.dateInitialization === "SINCE") {
        if (!v.startDateInitialization) ctx.addIssue({ code: "custom", path: ["startDateInitialization"], message: JOB_MESSAGES.initStartRequired });
      }
      if (v.dateInitialization === "CUSTOM") {
        if (!v.endDateInitialization) ctx.addIssue({ code: "custom", path: ["endDateInitialization"], message: JOB_MESSAGES.initEndRequired });
        if (v.startDateInitialization && v.endDateInitialization && v.endDateInitialization < v.startDateInitialization)
          ctx.addIssue({ code: "custom", path: ["endDateInitialization"], message: JOB_MESSAGES.endBeforeStart });
      }
    }
    // Run even when a field is missing (conform sends empty fields as absent): every error in one round.
  }, { when: () => true });

export type WizardState = {
  name?: string;
  mode?: "specific" | "source";
  dataSourceIds?: number[];
  networkAuthorizationId?: number;
  report?: string;
  fields?: string[];
  renames?: Record<string, string>;
};

/** Date fields a SQL table may be partitioned by. */
export function partitionableFields<F extends { fieldType: string }>(fields: F[]): F[] {
  return fields.filter((f) => f.fieldType === "YEAR_MONTH_DAY" || f.fieldType === "DATE");
}

export const WIZARD_STEPS = ["basic", "accounts", "fields", "deployment"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function logStatusLabel(success: boolean | null): string {
  return success === null ? "Running" : success ? "Success" : "Failure";
}
/** Spec 2 §9: durations as minutes:seconds; under ten seconds with tenths, so a short step never reads 0:00. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "-";
  if (ms < 9_950) return `0:0${(Math.max(0, ms) / 1000).toFixed(1)}`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): number {
  return Math.round((dayMs(end) - dayMs(start)) / 86_400_000) + 1;
}
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const span = (start: string, end: string) => (start === end ? start : `${start} → ${end}`);

/**
 * What a run read, in words (decision 0821): the days its date preset asked for, and the earlier
 * days it re-fetched because the platform may still revise them. Logs from before the split
 * only know the whole range.
 */
export function runDaysText(log: { dateStart: string | null; dateEnd: string | null; requestedStart: string | null; requestedEnd: string | null }): {
  requested: string;
  refetched: string | null;
} {
  if (!log.dateStart || !log.dateEnd) return { requested: "-", refetched: null };
  const start = log.requestedStart ?? log.dateStart;
  const end = log.requestedEnd ?? log.dateEnd;
  const requested = `${span(start, end)} (${plural(daysBetween(start, end), "day")})`;
  if (log.dateStart >= start) return { requested, refetched: null };
  const extra = daysBetween(log.dateStart, start) - 1;
  const lastExtra = new Date(dayMs(start) - 86_400_000).toISOString().slice(0, 10);
  return { requested, refetched: `also re-fetched ${plural(extra, "day")} the platform may still revise (${span(log.dateStart, lastExtra)})` };
}

/** "after 2 retries" when Temporal had to try a step more than once. */
export function retriesText(steps: { attempts?: { attempt: number }[] }[]): string | null {
  const retries = steps.reduce((n, s) => n + Math.max(0, (s.attempts?.length ?? 1) - 1), 0);
  return retries === 0 ? null : retries === 1 ? "after 1 retry" : `after ${retries} retries`;
}

// ---- reading the job form (wizard steps and the edit screen post the same inputs) ------------

const text = z.string().optional();
// A list input's blank entry stays a blank entry (conform makes it undefined): the step schemas
// refuse it as before.
const list = z.array(z.string().optional()).default([]).transform((values) => values.map((v) => v ?? ""));

/**
 * The job form's inputs as a browser sends them, parsed through conform (parseWithZod): one value
 * per name, lists for the multi-selects. The step schemas below then judge the values each step
 * asks for. Renames (`rename.<field id>`) are not in it: a field id may hold a dot, which conform
 * reads as a nested name; readRenames takes them from the entries.
 */
export const JobInputsSchema = z.object({
  name: text,
  mode: text,
  dataSourceIds: list,
  networkAuthorizationId: text,
  report: text,
  fields: list,
  recurrency: text,
  customCron: text,
  date: text,
  startDate: text,
  endDate: text,
  initialFetch: text,
  dateInitialization: text,
  startDateInitialization: text,
  endDateInitialization: text,
  partitionFieldId: list,
  dataType: text,
  tableName: text,
  shouldRunAllEvenIfFailed: text,
  field_q: text,
});
export type JobInputs = z.output<typeof JobInputsSchema>;

/** Accounts inputs: switching mode clears the other, only the chosen mode's inputs are read. */
export function readAccountsInput(inputs: JobInputs) {
  const mode = inputs.mode === "source" ? ("source" as const) : ("specific" as const);
  return {
    mode,
    dataSourceIds: mode === "specific" ? inputs.dataSourceIds : [],
    networkAuthorizationId: mode === "source" ? inputs.networkAuthorizationId || undefined : undefined,
  };
}

/** The non-empty renames (`rename.<field id>`). */
export function readRenames(form: { entries(): IterableIterator<[string, FormDataEntryValue]> }): Record<string, string> {
  const renames: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (k.startsWith("rename.") && typeof v === "string" && v.trim()) renames[k.slice(7)] = v.trim();
  return renames;
}

/** Fields inputs: the report, the checked fields and the renames. */
export function readFieldsInput(inputs: JobInputs, renames: Record<string, string>) {
  return { fields: inputs.fields, report: inputs.report || undefined, renames };
}

/** Deployment inputs; the frequency is the preset's cron, or the custom cron when "custom" is chosen. */
export function readDeploymentInput(inputs: JobInputs) {
  const opt = (value: string | undefined) => value || undefined;
  return {
    step: "deployment" as const,
    recurrency: (inputs.recurrency === "custom" ? inputs.customCron : inputs.recurrency) ?? "",
    date: inputs.date ?? "",
    startDate: opt(inputs.startDate),
    endDate: opt(inputs.endDate),
    initialFetch: inputs.initialFetch === "on",
    dateInitialization: opt(inputs.dateInitialization),
    startDateInitialization: opt(inputs.startDateInitialization),
    endDateInitialization: opt(inputs.endDateInitialization),
    partitionFieldId: inputs.partitionFieldId,
    dataType: opt(inputs.dataType) as "csv" | "json" | undefined,
    tableName: inputs.tableName ?? "",
    shouldRunAllEvenIfFailed: inputs.shouldRunAllEvenIfFailed === "on",
  };
}
export type DeploymentInput = ReturnType<typeof readDeploymentInput>;

/** Zod issues as the forms show them: messages by the first path segment ("form" when none). */
export function issuesToErrors(issues: { path: PropertyKey[]; message: string }[], into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const i of issues) (into[String(i.path[0] ?? "form")] ??= []).push(i.message);
  return into;
}

/** The preset the select shows for a cron, or "custom" (with the cron in the custom input). */
export function frequencyChoice(recurrency: string | undefined): { preset: string; customCron: string } {
  if (recurrency === undefined || recurrency === "") return { preset: DEFAULT_RECURRENCY, customCron: "" };
  return FREQUENCY_PRESETS.some((p) => p.value === recurrency) ? { preset: recurrency, customCron: "" } : { preset: "custom", customCron: recurrency };
}

// ---- a run as it happens (issue 19) -----------------------------------------------------------

/** How long a requested run may stay Queued before the page stops waiting for it (no worker?). */
export const QUEUED_RUN_STALE_MS = 15 * 60_000;

export type RunProgress =
  | { kind: "idle" }
  | { kind: "queued"; since: string }
  | { kind: "running"; step: "EXTRACT" | "LOAD"; startedAt: string; accountsDone: number; accounts: number; extracted: number; loaded: number };

/**
 * Where the job's latest run is: Queued from Run Now (or creation) until its workflow opens the
 * run's log, then Extracting and Loading with the log's counts, idle once the log has a result. A
 * log without a result is running only while Temporal still runs one of the schedule's workflows
 * (`scheduleRunning`, null when Temporal could not be asked) or while it is a backfill, so a run
 * whose worker died does not lock Run Now for ever.
 */
export function runProgress(input: {
  requestedAt: string | null;
  latest: { startedAt: string; success: boolean | null; step: string | null; kind: string; extractedRow: number; numberRow: number; steps: { success: boolean | null }[] } | null;
  accounts: number;
  scheduleRunning: number | null;
  now: Date;
}): RunProgress {
  const { requestedAt, latest, now } = input;
  if (requestedAt && (!latest || Date.parse(latest.startedAt) < Date.parse(requestedAt)) && now.getTime() - Date.parse(requestedAt) < QUEUED_RUN_STALE_MS) {
    return { kind: "queued", since: requestedAt };
  }
  if (latest && latest.success === null && (latest.kind === "backfill" || input.scheduleRunning === null || input.scheduleRunning > 0)) {
    return {
      kind: "running",
      step: latest.step === "LOAD" ? "LOAD" : "EXTRACT",
      startedAt: latest.startedAt,
      accountsDone: latest.steps.filter((s) => s.success !== null).length,
      accounts: Math.max(input.accounts, latest.steps.length),
      extracted: latest.extractedRow,
      loaded: latest.numberRow,
    };
  }
  return { kind: "idle" };
}
