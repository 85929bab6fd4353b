// The query builder's server side (spec 2 §2 "Query builder", §4, §5). The whole builder state
// lives in the page URL (one GET form), so it works without JavaScript: every Next, Preview or
// source change is a form submission the loader turns into the next screen.
import type { DB } from "../../db/connection.js";
import type { Company } from "../../db/schema.js";
import { revealApiKey } from "../../db/repositories/companies.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { listNetworkAuthorizations } from "../../db/repositories/network-authorizations.js";
import { blendablePlatforms, BLENDED_PLATFORM, findPlatform, NORMALIZED_ADS_FIELDS, registry, type ConfigField, type Connector, type ConnectorContext, type FieldDef, type FieldIncompatibility } from "../../engine/index.js";
import { listCompanyAccounts } from "./addons.server.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { answerQueryUrl } from "./query-url.server.js";
import { withReasons, type PickerField } from "~/utils/field-picker";
import {
  buildQueryParams,
  DATE_RANGES,
  FILTER_TYPES,
  QUERY_FORMATS,
  validateDefinition,
  type DateRangeId,
  type FilterTypeId,
  type QueryDefinitionJson,
  type QueryFormat,
} from "~/utils/query-url";
import { parseId } from "../../lib/ids.js";

export const SECTIONS = ["sources", "accounts", "report", "metrics", "dimensions", "date", "filters", "options"] as const;
export type SectionId = (typeof SECTIONS)[number];

export type BuilderState = {
  format: QueryFormat;
  authorizationId: number | null;
  /** The "Cross-platform ads" source (decision 0931): accounts are "{authorizationId}:{accountId}" across ads sources. */
  blended: boolean;
  accounts: string[];
  report: string | null;
  metrics: string[];
  dimensions: string[];
  date: DateRangeId | "";
  start: string;
  end: string;
  since: string;
  filters: { field: string; type: FilterTypeId; value: string }[];
  options: Record<string, string | string[]>;
  step: SectionId;
};

export const PREVIEW_ROWS = 100;

const day = /^\d{4}-\d{2}-\d{2}$/;

function pickFormat(value: string | null | undefined): QueryFormat {
  return (QUERY_FORMATS as readonly string[]).includes(value ?? "") ? (value as QueryFormat) : "json";
}

/** Reads the builder state from the page URL (also the no-JS form submission). */
/** The source select's value for the cross-platform ads query. */
export const BLENDED_SOURCE = "blended";

export function stateFromSearch(params: URLSearchParams): BuilderState {
  const blended = params.get("source") === BLENDED_SOURCE;
  const authorizationId = blended ? null : parseId(params.get("source"));
  const previous = params.get("prev_source");
  const sourceChanged = previous !== null && previous !== (params.get("source") ?? "");
  const date = (params.get("date") ?? "").toUpperCase();
  const fieldsOf = (name: string) => [...new Set(params.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean))];
  const filterFields = params.getAll("filter_field");
  const filterTypes = params.getAll("filter_type");
  const filterValues = params.getAll("filter_value");
  const filters: BuilderState["filters"] = [];
  filterFields.forEach((field, i) => {
    const type = filterTypes[i] as FilterTypeId;
    if (!field.trim() || !(FILTER_TYPES as readonly string[]).includes(type)) return;
    filters.push({ field: field.trim(), type, value: type === "is_not_empty" ? "" : (filterValues[i] ?? "").trim() });
  });
  const options: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    if (!name.startsWith("opt_") || value === "") continue;
    const key = name.slice(4);
    const all = params.getAll(name).filter(Boolean);
    options[key] = all.length > 1 ? all : value;
  }
  const step = params.get("goto") ?? params.get("step");
  const removeFilter = Number(params.get("remove_filter") ?? "-1");
  if (removeFilter >= 0 && removeFilter < filters.length) filters.splice(removeFilter, 1);
  const state: BuilderState = {
    format: pickFormat(params.get("format")),
    authorizationId,
    blended,
    accounts: fieldsOf("account"),
    report: params.get("report") || null,
    metrics: fieldsOf("metric"),
    dimensions: fieldsOf("dimension"),
    date: (DATE_RANGES as readonly string[]).includes(date) ? (date as DateRangeId) : "",
    start: day.test(params.get("start") ?? "") ? params.get("start")! : "",
    end: day.test(params.get("end") ?? "") ? params.get("end")! : "",
    since: day.test(params.get("since") ?? "") ? params.get("since")! : "",
    filters,
    options,
    step: (SECTIONS as readonly string[]).includes(step ?? "") ? (step as SectionId) : "sources",
  };
  // Spec 2 §4: choosing a source resets the form apart from the format.
  if (sourceChanged) {
    return { ...emptyState(state.format), authorizationId: state.authorizationId, blended, step: state.authorizationId || blended ? "accounts" : "sources" };
  }
  return state;
}

export function emptyState(format: QueryFormat = "json"): BuilderState {
  return { format, authorizationId: null, blended: false, accounts: [], report: null, metrics: [], dimensions: [], date: "", start: "", end: "", since: "", filters: [], options: {}, step: "sources" };
}

/** A saved query's json back into builder state. */
export function stateFromSaved(json: Record<string, unknown>, format?: QueryFormat): BuilderState {
  const def = json as Partial<QueryDefinitionJson> & { source_id?: number };
  const accounts = Array.isArray(def.accounts) ? def.accounts : [];
  const options = { ...(def.options ?? {}) } as Record<string, string | string[]>;
  const report = typeof options.report === "string" ? options.report : null;
  delete options.report;
  const blended = def.source === BLENDED_PLATFORM;
  return {
    format: format ?? pickFormat(def.format),
    authorizationId: blended ? null : Number(def.source_id ?? accounts[0]?.authorization_id) || null,
    blended,
    accounts: accounts.map((a) => (blended ? `${a.authorization_id}:${a.id}` : String(a.id))),
    report,
    metrics: def.metrics ?? [],
    dimensions: def.dimensions ?? [],
    date: (def.date as DateRangeId) ?? "",
    start: def.custom_date?.start ?? "",
    end: def.custom_date?.end ?? "",
    since: def.since ?? "",
    filters: (def.filters ?? []).map((f) => ({ field: f.field, type: f.type, value: f.value ?? "" })),
    options,
    step: "sources",
  };
}

/** The page URL of a state (links such as "Save the query" keep the whole builder state). */
export function stateToSearch(state: BuilderState): URLSearchParams {
  const p = new URLSearchParams();
  p.set("format", state.format);
  const source = sourceValue(state);
  if (source) {
    p.set("source", source);
    p.set("prev_source", source);
  }
  for (const a of state.accounts) p.append("account", a);
  if (state.report) p.set("report", state.report);
  for (const m of state.metrics) p.append("metric", m);
  for (const d of state.dimensions) p.append("dimension", d);
  if (state.date) p.set("date", state.date);
  if (state.start) p.set("start", state.start);
  if (state.end) p.set("end", state.end);
  if (state.since) p.set("since", state.since);
  for (const f of state.filters) {
    p.append("filter_field", f.field);
    p.append("filter_type", f.type);
    p.append("filter_value", f.value);
  }
  for (const [k, v] of Object.entries(state.options)) for (const one of Array.isArray(v) ? v : [v]) p.append(`opt_${k}`, one);
  p.set("step", state.step);
  return p;
}

/** The source select's value of a state ("" before a source is chosen). */
export function sourceValue(state: Pick<BuilderState, "authorizationId" | "blended">): string {
  return state.blended ? BLENDED_SOURCE : state.authorizationId ? String(state.authorizationId) : "";
}

/** "{authorizationId}:{accountId}": a cross-platform query's account (ids may contain colons; the source id never does). */
function splitBlendedAccount(value: string): { id: string; authorization_id: number } | null {
  const at = value.indexOf(":");
  const authorizationId = Number(value.slice(0, at));
  return at > 0 && Number.isInteger(authorizationId) && authorizationId > 0 ? { id: value.slice(at + 1), authorization_id: authorizationId } : null;
}

export type BuilderView = {
  state: BuilderState;
  sourceValue: string;
  sources: { id: number; name: string; platform: string; platformName: string }[];
  accounts: { accountId: string; name: string; blocked: boolean }[];
  reportField: ConfigField | null;
  optionFields: ConfigField[];
  /** With how a metric adds up over rows (the MCP server's totals sum only SUM metrics). */
  metrics: (PickerField & { aggregation: FieldDef["aggregation"] })[];
  dimensions: PickerField[];
  definition: QueryDefinitionJson | null;
  errors: ReturnType<typeof validateDefinition>;
  valid: boolean;
  apiKey: string;
  platformError: string | null;
};

/** The definition the state describes (spec 2 §3 Query definition), or null without a source. */
export function definitionOf(state: BuilderState, platform: string | null): QueryDefinitionJson | null {
  let source: Pick<QueryDefinitionJson, "source" | "source_id" | "accounts" | "options">;
  if (state.blended) {
    source = { source: BLENDED_PLATFORM, accounts: state.accounts.flatMap((a) => splitBlendedAccount(a) ?? []), options: { ...state.options } };
  } else {
    if (!platform || !state.authorizationId) return null;
    const options: Record<string, string | string[]> = { ...state.options };
    if (state.report) options.report = state.report;
    source = { source: platform, source_id: state.authorizationId, accounts: state.accounts.map((id) => ({ id, authorization_id: state.authorizationId! })), options };
  }
  return {
    format: state.format,
    ...source,
    metrics: state.metrics,
    dimensions: state.dimensions,
    date: state.date,
    since: state.date === "SINCE" ? state.since || null : null,
    custom_date: state.date === "CUSTOM" ? { start: state.start || null, end: state.end || null } : null,
    filters: state.filters.map((f) => (f.type === "is_not_empty" ? { field: f.field, type: f.type } : f)),
  } as QueryDefinitionJson;
}

/**
 * The platform's refusals for the selection (greyed in the pickers). A failure to ask (the
 * metadata endpoint down) greys nothing: the query itself is still checked before it runs.
 */
async function incompatibleWith(connector: Connector, ctx: ConnectorContext, state: BuilderState): Promise<FieldIncompatibility[]> {
  if (!connector.incompatibleFields) return [];
  try {
    return await connector.incompatibleFields(ctx, { report: state.report ?? undefined, account: state.accounts[0], selected: [...state.metrics, ...state.dimensions] });
  } catch {
    return [];
  }
}

/** Builds everything the builder screen shows for a state, normalising it on the way (spec 2 §4). */
export async function loadBuilder(db: DB, company: Company, requested: BuilderState): Promise<BuilderView> {
  const state: BuilderState = { ...requested, options: { ...requested.options } };
  const allSources = await listNetworkAuthorizations(db, company.id);
  const sources = allSources.map((s) => ({ id: s.id, name: s.name, platform: s.platform, platformName: findPlatform(s.platform)?.displayName ?? s.platform }));
  const source = state.blended ? undefined : allSources.find((s) => s.id === state.authorizationId);
  if (!source) state.authorizationId = null;
  let accounts: BuilderView["accounts"] = [];
  let reportField: ConfigField | null = null;
  let optionFields: ConfigField[] = [];
  let fields: FieldDef[] = [];
  let incompatible: FieldIncompatibility[] = [];
  let platformError: string | null = null;
  if (state.blended) {
    // Every activated account of the company's ads sources, each named with its platform (decision 0931).
    const ads = new Set(blendablePlatforms());
    accounts = (await listCompanyAccounts(db, company.id))
      .filter((s) => ads.has(s.platform))
      .flatMap((s) => s.accounts.map((a) => ({ accountId: `${s.authorizationId}:${a.id}`, name: `${a.name} · ${s.platformName} (${s.name})`, blocked: a.blocked })));
    state.accounts = state.accounts.filter((a) => accounts.some((x) => x.accountId === a && !x.blocked));
    state.report = null;
    state.options = {};
    fields = [...NORMALIZED_ADS_FIELDS];
  } else if (source) {
    accounts = (await listDataSources(db, company.id, { networkAuthorizationId: source.id })).map((d) => ({ accountId: d.accountId, name: d.name, blocked: Boolean(d.blockedAt) }));
    state.accounts = state.accounts.filter((a) => accounts.some((x) => x.accountId === a && !x.blocked));
    try {
      const connector = registry.getConnector(source.platform);
      const ctx = connectorContextForSource(db, company.id, source, connector);
      const configFields = await connector.listConfigFields(ctx);
      reportField = configFields.find((f) => f.id === "report") ?? null;
      optionFields = configFields.filter((f) => f.id !== "report");
      // The report option defaults to the config default (spec 2 §4).
      if (reportField && (!state.report || !reportField.values.some((v) => v.value === state.report))) {
        state.report = typeof reportField.default === "string" ? reportField.default : (reportField.values[0]?.value ?? null);
      }
      if (!reportField) state.report = null;
      fields = await connector.listFields(ctx, { report: state.report ?? undefined, account: state.accounts[0] });
      incompatible = await incompatibleWith(connector, ctx, state);
    } catch (error) {
      platformError = error instanceof Error ? error.message : "This platform cannot be read yet.";
    }
  }
  const asPicker = (f: FieldDef): PickerField => ({ id: f.id, name: f.name, description: f.description, category: f.category, type: f.type });
  const metrics = withReasons(fields.filter((f) => f.type === "metric").map((f) => ({ ...asPicker(f), aggregation: f.aggregation })), incompatible);
  const dimensions = [
    ...withReasons(fields.filter((f) => f.type === "dimension").map(asPicker), incompatible),
    ...(fields.length
      ? [
          { id: "account_timezone", name: "Account timezone", description: "The account's timezone (dates are days in it).", category: "Account", type: "dimension" },
          { id: "account_currency", name: "Account currency", description: "The account's currency.", category: "Account", type: "dimension" },
        ].filter((d) => !fields.some((f) => f.id === d.id))
      : []),
  ];
  // Metrics and dimensions no longer offered are dropped (spec 2 §4).
  state.metrics = state.metrics.filter((m) => metrics.some((x) => x.id === m));
  state.dimensions = state.dimensions.filter((d) => dimensions.some((x) => x.id === d));
  state.filters = state.filters.filter((f) => fields.some((x) => x.id === f.field) || dimensions.some((x) => x.id === f.field));
  const definition = definitionOf(state, state.blended ? BLENDED_PLATFORM : (source?.platform ?? null));
  const errors = definition ? validateDefinition(definition) : { source: "You need to set a source." };
  return {
    state,
    sourceValue: sourceValue(state),
    sources,
    accounts,
    reportField,
    optionFields,
    metrics,
    dimensions,
    definition,
    errors,
    valid: Boolean(definition) && Object.keys(errors).length === 0 && !platformError,
    apiKey: revealApiKey(company),
    platformError,
  };
}

export type PreviewResult =
  | { kind: "rows"; columns: { id: string; name: string; type?: "dimension" | "metric"; fieldType?: string }[]; rows: Record<string, unknown>[] }
  | { kind: "error"; message: string; type: string };

/**
 * The preview runs the real query URL (so it is validated, recorded and counted like any other).
 * The MCP server's run_query reads through here too, with its own row cap.
 */
export async function previewQuery(db: DB, apiKey: string, origin: string, definition: QueryDefinitionJson, maxRows = PREVIEW_ROWS): Promise<PreviewResult> {
  const params = buildQueryParams({ ...definition, format: "json" }, apiKey);
  const response = await answerQueryUrl(new Request(`${origin}/api/request?${params}`), { db, maxRows });
  const body = (await response.json()) as { columns?: Extract<PreviewResult, { kind: "rows" }>["columns"]; data?: Record<string, unknown>[]; error?: { message: string; code: string; parameter: string } };
  if (!response.ok || body.error) return { kind: "error", message: body.error?.message ?? `The request failed (${response.status}).`, type: body.error?.code ?? String(response.status) };
  return { kind: "rows", columns: body.columns ?? [], rows: body.data ?? [] };
}
