// The alert editor's form (spec 1 §2.6) as flat input names, shared by the browser (validation
// before the debounced preview, Save enabled only when valid) and the server (the same parse).
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { alertDefinitionSchema, summarizeDefinition } from "../../engine/browser.js";

export type AlertKind = "metric" | "kpi" | "pacing";

const text = z.string().optional();
const SCALARS = ["title", "dataSourceId", "level", "alertType", "operator", "thresholdValue", "thresholdType", "metric", "during", "trendValue", "trendType", "duringTime1", "duringTime2", "kpi", "kpiOperator", "kpiValue", "period", "above", "below"] as const;
/** The rows the editor shows at most (filters, calculated fields). */
const MAX_ROWS = 20;

/**
 * The editor's inputs as a browser sends them, parsed through conform: flat names, and the
 * `filters[i].field` / `calc[i].name` rows as lists. alertDefinitionSchema judges the definition
 * built from them.
 */
export const EditorFieldsSchema = z.object({
  ...Object.fromEntries(SCALARS.map((name) => [name, text])),
  filters: z.array(z.object({ field: text, operator: text, value: text }).nullish()).optional(),
  calc: z.array(z.object({ name: text, field: text }).nullish()).optional(),
}) as z.ZodType<Partial<Record<(typeof SCALARS)[number], string>> & { filters?: (Record<"field" | "operator" | "value", string | undefined> | null | undefined)[]; calc?: (Record<"name" | "field", string | undefined> | null | undefined)[] }>;

export const UNREADABLE_EDITOR_FORM = "This form cannot be read: each of its fields may be sent once.";

/** The editor's flat form fields into an alert definition candidate (validated by the schema after); null when the form is not the editor's. */
export function definitionFromForm(form: FormData, kind: AlertKind, platform: string, accounts: { id: number; accountId: string }[]) {
  const submission = parseWithZod(form, { schema: EditorFieldsSchema });
  if (submission.status !== "success") return null;
  const fields = submission.value;
  const s = (k: (typeof SCALARS)[number]) => (fields[k] ?? "").trim();
  const rows = <K extends string>(list: (Record<K, string | undefined> | null | undefined)[] | undefined, keys: K[]) => {
    const out: Record<K, string>[] = [];
    for (const sent of (list ?? []).slice(0, MAX_ROWS)) {
      if (!sent) continue;
      const row = Object.fromEntries(keys.map((k) => [k, (sent[k] ?? "").trim()])) as Record<K, string>;
      if (keys.every((k) => !row[k] || (k === "operator" && row[k]))) continue; // an untouched blank row
      out.push(row);
    }
    return out;
  };
  const account = accounts.find((a) => String(a.id) === s("dataSourceId"));
  const filters = rows(fields.filters, ["field", "operator", "value"]).map((f) => ({ field: f.field, operator: f.operator, value: f.value.split(",").map((v) => v.trim()) }));
  const request = { accountId: account?.accountId ?? "", platform, level: s("level"), dataSourceId: account?.id, type: kind, filters };
  let variable: unknown;
  if (kind === "metric") {
    const alertType = s("alertType") === "trend" ? "trend" : "threshold";
    const calculatedFields = rows(fields.calc, ["name", "field"]).map((c) => ({ name: c.name, field: c.field }));
    const condition =
      alertType === "threshold"
        ? { operator: s("operator"), thresholdValue: s("thresholdValue"), thresholdType: s("thresholdType"), metric: s("metric"), during: s("during") }
        : { operator: s("operator"), trendValue: s("trendValue"), trendType: s("trendType"), metric: s("metric"), duringTime1: s("duringTime1"), duringTime2: s("duringTime2") };
    variable = { type: "metric", alertType, alertValue: [condition], calculatedFields, breakdown: null };
  } else if (kind === "kpi") {
    variable = { type: "kpi", kpi: s("kpi"), operator: s("kpiOperator"), value: s("kpiValue") || undefined };
  } else {
    variable = { type: "pacing", period: s("period"), metric: "cost", thresholds: { above: s("above"), below: s("below") } };
  }
  return { title: s("title"), type: kind, variables: [variable], requests: { A: request } };
}

/** Field-level errors keyed by the editor's input names. */
export function editorErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const p = issue.path.map(String);
    let key = p.join(".");
    if (p[0] === "title") key = "title";
    else if (p[0] === "requests") key = p[2] === "filters" ? `filters[${p[3]}].${p[4] ?? "field"}` : p[2] === "accountId" || p[2] === "dataSourceId" ? "dataSourceId" : (p[2] ?? "dataSourceId");
    else if (p[0] === "variables") {
      if (p[2] === "alertValue") key = p[4] ?? "metric";
      else if (p[2] === "calculatedFields") key = `calc[${p[3]}].${p[4]}`;
      else if (p[2] === "thresholds") key = p[3] ?? "above";
      else if (p[2] === "kpi") key = "kpi";
      else if (p[2] === "operator") key = "kpiOperator";
      else if (p[2] === "value") key = "kpiValue";
      else key = p[2] ?? "variables";
    }
    errors[key] ??= issue.message;
  }
  return errors;
}


/** The schema check the browser runs before a preview (title optional) or a save (title required). */
export function validateAlertForm(form: FormData, kind: AlertKind, platform: string, accounts: { id: number; accountId: string }[], requireTitle: boolean) {
  const candidate = definitionFromForm(form, kind, platform, accounts);
  if (!candidate) return { ok: false as const, errors: { form: UNREADABLE_EDITOR_FORM } };
  const parsed = alertDefinitionSchema.safeParse(requireTitle ? candidate : { ...candidate, title: candidate.title || "Preview" });
  return parsed.success ? { ok: true as const, errors: {} } : { ok: false as const, errors: editorErrors(parsed.error.issues) };
}

/**
 * The editor's one-line summary of the form ("Alert when the sum of clicks yesterday rises more
 * than 20 % against the last 7 days, for campaigns where …"), or null while the condition is not
 * filled in.
 */
export function alertSummary(form: FormData, kind: AlertKind, platform: string, accounts: { id: number; accountId: string }[], opts: { name: (id: string) => string; unitOf?: (id: string) => string | null | undefined }): string | null {
  const candidate = definitionFromForm(form, kind, platform, accounts);
  if (!candidate) return null;
  const parsed = alertDefinitionSchema.safeParse({ ...candidate, title: candidate.title || "Summary", requests: { A: { ...candidate.requests.A, accountId: candidate.requests.A.accountId || "-" } } });
  return parsed.success ? summarizeDefinition(parsed.data, opts) : null;
}

/** Form values an editor switch (kind, or threshold/trend) keeps: what the alert is about, not its condition. */
export function carriedValues(query: URLSearchParams, keepCondition: boolean): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of query) {
    const shared = key === "title" || key === "dataSourceId" || key === "level" || /^filters\[\d+\]\.(field|operator|value)$/.test(key);
    const condition = keepCondition && (key === "metric" || key === "operator" || /^calc\[\d+\]\.(name|field)$/.test(key));
    if (shared || condition) kept[key] = value;
  }
  return kept;
}
