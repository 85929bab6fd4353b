// The query URL's parameters (spec 2 §7 "GET {api}/api/request"), shared by the server (parse)
// and the query builder (build). Pure: no server imports, so the browser bundle can use it.
import { z } from "zod";
import { BLENDED_PLATFORM, BLENDED_PLATFORM_ALIASES, DATE_PRESETS, type DatePreset } from "../../engine/browser.js";
import { DATE_PRESET_LABELS } from "./labels";

export const QUERY_FORMATS = ["json", "csv", "tableau", "powerbi"] as const;
export type QueryFormat = (typeof QUERY_FORMATS)[number];

// One list of presets, owned by the engine that resolves them.
export const DATE_RANGES = DATE_PRESETS;
export type DateRangeId = DatePreset;

export const FILTER_TYPES = ["equals", "not_equals", "contains", "not_contains", "lower_than", "greater_than", "is_not_empty"] as const;
export type FilterTypeId = (typeof FILTER_TYPES)[number];

export const DATE_RANGE_LABELS: Record<DateRangeId, string> = DATE_PRESET_LABELS;

export const FILTER_TYPE_LABELS: Record<FilterTypeId, string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  not_contains: "does not contain",
  lower_than: "lower than",
  greater_than: "greater than",
  is_not_empty: "is not empty",
};

/** Spec 2 §3 "Query definition" (the saved query's json). */
export type QueryDefinitionJson = {
  format: QueryFormat;
  source: string;
  /** The source (network authorization) chosen in the builder; the accounts carry it too. */
  source_id?: number;
  /** A cross-platform query (source cross-platform-ads) over these platforms only; absent: every ads platform. */
  platforms?: string[];
  accounts: { id: string; authorization_id: number | string }[];
  metrics: string[];
  dimensions: string[];
  date: DateRangeId | "";
  since?: string | null;
  custom_date?: { start?: string | null; end?: string | null } | null;
  filters: { field: string; type: FilterTypeId; value?: string }[];
  options: Record<string, string | string[]>;
};

export type ParsedQueryRequest = {
  format: QueryFormat;
  apikey: string;
  /** BLENDED_PLATFORM for a query over several ads platforms (decision 0931). */
  platform: string;
  /** A cross-platform query: its platforms (null: every ads platform). Its accounts may be empty: all of them. */
  blended?: { platforms: string[] | null };
  metrics: string[];
  dimensions: string[];
  date: { preset: DateRangeId; start?: string; end?: string; since?: string };
  accounts: { id: string; authorizationId: number }[];
  filters: { field: string; type: FilterTypeId; value?: string | number }[];
  options: Record<string, string | string[]>;
  /** nocache=1: every day is read from the platform (and stored again), none served from the read cache. */
  nocache: boolean;
};

export type QueryParamError = { status: number; parameter: string; code: string; message: string };

const day = /^\d{4}-\d{2}-\d{2}$/;
function isDay(value: string): boolean {
  if (!day.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const accountsSchema = z
  .array(
    z.object({
      id: z.union([z.string().trim().min(1).max(200), z.number().int().transform(String)]),
      authorization_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)]),
    }),
  )
  .min(1, "You need to set at least one accounts.")
  .max(200, "At most 200 accounts per request.");

const filtersSchema = z
  .array(
    z.object({
      field: z.string().trim().min(1).max(200),
      type: z.enum(FILTER_TYPES),
      value: z.union([z.string().max(1000), z.number()]).optional(),
    }),
  )
  .max(50, "At most 50 filters per request.");

const fieldList = z.string().max(5000).transform((s) => s.split(",").map((f) => f.trim()).filter(Boolean));

const MAX_PARAM_LENGTH = 20_000;

function fail(parameter: string, message: string, code = "invalid_parameter", status = 400): { ok: false; error: QueryParamError } {
  return { ok: false, error: { status, parameter, code, message } };
}

function parseJsonParam(raw: string, parameter: string): { ok: true; value: unknown } | { ok: false; error: QueryParamError } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return fail(parameter, `${parameter} must be a JSON list, for example ${parameter === "accounts" ? '[{"id":"123","authorization_id":4}]' : '[{"field":"campaign_name","type":"contains","value":"brand"}]'}.`, "malformed_json");
  }
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? ` (at ${issue.path.join(".")})` : "";
  return `${issue.message}${where}`;
}

/**
 * Validates the query-URL parameters, in the order a user fixes them. The API key is checked
 * for presence here; whether it is valid is the server's business (401 either way).
 */
export function parseQueryParams(params: URLSearchParams): { ok: true; value: ParsedQueryRequest } | { ok: false; error: QueryParamError } {
  for (const [name, value] of params) {
    if (value.length > MAX_PARAM_LENGTH) return fail(name, `${name} is too long (at most ${MAX_PARAM_LENGTH} characters).`);
  }
  const apikey = params.get("apikey")?.trim();
  if (!apikey) return fail("apikey", "The apikey parameter is required: copy your API key from the query builder.", "missing_api_key", 401);

  const formatRaw = (params.get("format") ?? "json").trim().toLowerCase() || "json";
  if (!(QUERY_FORMATS as readonly string[]).includes(formatRaw)) {
    return fail("format", `Unknown format "${formatRaw.slice(0, 50)}". Use one of ${QUERY_FORMATS.join(", ")}.`);
  }
  const format = formatRaw as QueryFormat;

  const platformRaw = params.get("platform")?.trim();
  if (!platformRaw) return fail("platform", "The platform parameter is required (for example platform=google-ads).");
  // Several platforms (google-ads,facebook-ads), or every ads platform: a cross-platform query (decision 0931).
  const named = [...new Set(platformRaw.split(",").map((p) => p.trim().toLowerCase()).filter(Boolean))];
  const badPlatform = named.find((p) => !/^[a-z0-9][a-z0-9_-]{0,79}$/i.test(p));
  if (badPlatform !== undefined || named.length === 0) return fail("platform", `Unknown platform "${(badPlatform ?? platformRaw).slice(0, 80)}".`, "unknown_platform", 404);
  if (named.length > 50) return fail("platform", "At most 50 platforms per request.");
  const everyAdsPlatform = named.length === 1 && (named[0] === BLENDED_PLATFORM || (BLENDED_PLATFORM_ALIASES as readonly string[]).includes(named[0]));
  const blended: ParsedQueryRequest["blended"] = everyAdsPlatform ? { platforms: null } : named.length > 1 ? { platforms: named.sort() } : undefined;
  if (blended && named.includes(BLENDED_PLATFORM) && named.length > 1) return fail("platform", `Name either ${BLENDED_PLATFORM} (every ads platform) or the platforms, not both.`);
  const platform = blended ? BLENDED_PLATFORM : platformRaw;

  const metrics = fieldList.parse(params.get("metrics") ?? "");
  const dimensions = fieldList.parse(params.get("dimensions") ?? "");
  if (metrics.length + dimensions.length === 0) return fail("metrics", "You have to add at least one metric or dimension.");
  for (const [name, list] of [["metrics", metrics], ["dimensions", dimensions]] as const) {
    const bad = list.find((f) => !/^[A-Za-z0-9_.:\-]{1,120}$/.test(f));
    if (bad !== undefined) return fail(name, `Unknown field "${bad.slice(0, 120)}" in ${name}.`, "unknown_field");
  }

  const presetRaw = params.get("date")?.trim().toUpperCase();
  if (!presetRaw) return fail("date", "The date parameter is required (for example date=LAST_7_DAYS).");
  if (!(DATE_RANGES as readonly string[]).includes(presetRaw)) {
    return fail("date", `Unknown date range "${presetRaw.slice(0, 50)}". Use one of ${DATE_RANGES.join(", ")}.`);
  }
  const preset = presetRaw as DateRangeId;
  const date: ParsedQueryRequest["date"] = { preset };
  if (preset === "CUSTOM") {
    const start = params.get("start_date")?.trim();
    const end = params.get("end_date")?.trim();
    if (!start) return fail("start_date", "Start date is required when date is CUSTOM");
    if (!isDay(start)) return fail("start_date", "start_date must be a day in the format YYYY-MM-DD.");
    if (!end) return fail("end_date", "End date is required when date is CUSTOM");
    if (!isDay(end)) return fail("end_date", "end_date must be a day in the format YYYY-MM-DD.");
    if (end < start) return fail("end_date", "The end date cannot be before the start date.");
    date.start = start;
    date.end = end;
  } else if (preset === "SINCE") {
    const since = params.get("since")?.trim();
    if (!since) return fail("since", "The since parameter is required when date is SINCE.");
    if (!isDay(since)) return fail("since", "since must be a day in the format YYYY-MM-DD.");
    date.since = since;
  }

  const accountsRaw = params.get("accounts");
  let accountRefs: ParsedQueryRequest["accounts"] = [];
  // A cross-platform query without accounts reads every activated account of its platforms.
  if (!blended || accountsRaw?.trim()) {
    if (!accountsRaw?.trim()) return fail("accounts", "You need to set at least one accounts.");
    const accountsJson = parseJsonParam(accountsRaw, "accounts");
    if (!accountsJson.ok) return accountsJson;
    const accounts = accountsSchema.safeParse(accountsJson.value);
    if (!accounts.success) return fail("accounts", `accounts is not valid: ${issueText(accounts.error)}. Each account needs an id and an authorization_id.`);
    accountRefs = accounts.data.map((a) => ({ id: a.id, authorizationId: a.authorization_id }));
  }

  let filters: ParsedQueryRequest["filters"] = [];
  const filtersRaw = params.get("filters");
  if (filtersRaw && filtersRaw.trim()) {
    const filtersJson = parseJsonParam(filtersRaw, "filters");
    if (!filtersJson.ok) return filtersJson;
    const parsed = filtersSchema.safeParse(filtersJson.value);
    if (!parsed.success) return fail("filters", `filters is not valid: ${issueText(parsed.error)}. Filter types: ${FILTER_TYPES.join(", ")}.`);
    for (const f of parsed.data) {
      if (f.type !== "is_not_empty" && (f.value === undefined || f.value === "")) return fail("filters", `The ${f.type} filter on ${f.field} needs a value.`);
      if ((f.type === "lower_than" || f.type === "greater_than") && !Number.isFinite(Number(f.value))) {
        return fail("filters", `The ${f.type} filter on ${f.field} needs a number.`);
      }
    }
    filters = parsed.data.map((f) => (f.type === "is_not_empty" ? { field: f.field, type: f.type } : f));
  }

  const options: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    if (!name.startsWith("options_")) continue;
    const key = name.slice("options_".length);
    if (!/^[a-z0-9_]{1,60}$/i.test(key)) return fail(name, `Unknown option "${name.slice(0, 80)}".`);
    if (value === "") continue;
    options[key] = value.includes(",") ? value.split(",").map((v) => v.trim()).filter(Boolean) : value;
  }

  const nocacheValues = params.getAll("nocache").map((v) => v.trim());
  if (nocacheValues.some((v) => v !== "0" && v !== "1")) {
    const bad = nocacheValues.find((v) => v !== "0" && v !== "1")!;
    return fail("nocache", `nocache must be 1 (read every day from the platform) or 0 (serve stored days), not "${bad.slice(0, 40)}".`);
  }
  if (new Set(nocacheValues).size > 1) return fail("nocache", "nocache is given twice with different values: keep one.");
  const nocache = nocacheValues[0] === "1";

  return {
    ok: true,
    value: { format, apikey, platform, ...(blended && { blended }), metrics, dimensions, date, accounts: accountRefs, filters, options, nocache },
  };
}

/** The query URL's parameters for a definition (apikey last so a shared screenshot crops it first). */
export function buildQueryParams(def: QueryDefinitionJson, apikey: string): URLSearchParams {
  const p = new URLSearchParams();
  p.set("format", def.format);
  p.set("platform", def.source === BLENDED_PLATFORM && def.platforms && def.platforms.length > 1 ? def.platforms.join(",") : def.source);
  if (def.metrics.length) p.set("metrics", def.metrics.join(","));
  if (def.dimensions.length) p.set("dimensions", def.dimensions.join(","));
  if (def.date) p.set("date", def.date);
  if (def.date === "CUSTOM") {
    if (def.custom_date?.start) p.set("start_date", def.custom_date.start);
    if (def.custom_date?.end) p.set("end_date", def.custom_date.end);
  }
  if (def.date === "SINCE" && def.since) p.set("since", def.since);
  if (def.accounts.length || def.source !== BLENDED_PLATFORM) p.set("accounts", JSON.stringify(def.accounts.map((a) => ({ id: a.id, authorization_id: Number(a.authorization_id) }))));
  if (def.filters.length) p.set("filters", JSON.stringify(def.filters.map((f) => (f.type === "is_not_empty" ? { field: f.field, type: f.type } : f))));
  for (const [name, value] of Object.entries(def.options)) {
    const text = Array.isArray(value) ? value.join(",") : value;
    if (text !== "") p.set(`options_${name}`, text);
  }
  p.set("apikey", apikey);
  return p;
}

export function buildQueryUrl(origin: string, def: QueryDefinitionJson, apikey: string): string {
  return `${origin}/api/request?${buildQueryParams(def, apikey)}`;
}

/** Spec 2 §5: the builder's validation, messages verbatim. Returns the first problem per section. */
export function validateDefinition(def: QueryDefinitionJson): Partial<Record<"source" | "format" | "accounts" | "fields" | "date" | "start" | "end" | "filters", string>> {
  const errors: Partial<Record<"source" | "format" | "accounts" | "fields" | "date" | "start" | "end" | "filters", string>> = {};
  if (!def.source) errors.source = "You need to set a source.";
  if (!(QUERY_FORMATS as readonly string[]).includes(def.format)) errors.format = "You need to set a format.";
  if (def.accounts.length === 0) errors.accounts = "You need to set at least one accounts.";
  if (def.metrics.length + def.dimensions.length === 0) errors.fields = "You have to add at least one metric or dimension.";
  if (!def.date) errors.date = "You need to set a date.";
  if (def.date === "CUSTOM") {
    if (!def.custom_date?.start) errors.start = "Start date is required when date is CUSTOM";
    if (!def.custom_date?.end) errors.end = "End date is required when date is CUSTOM";
    else if (def.custom_date.start && def.custom_date.end < def.custom_date.start) errors.end = "The end date cannot be before the start date.";
  }
  if (def.date === "SINCE" && !def.since) errors.start = "Start date is required when date is SINCE";
  for (const f of def.filters) {
    if (!f.field) errors.filters = "Choose a field for every filter.";
    else if (f.type !== "is_not_empty" && !f.value) errors.filters = `The ${f.type} filter on ${f.field} needs a value.`;
  }
  return errors;
}
