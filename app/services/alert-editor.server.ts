// Loader and action of the three editor routes (create default, create pacing, edit).
import { json, redirect } from "@remix-run/node";
import { DEFAULT_KPI, DEFAULT_PACING, DEFAULT_THRESHOLD, DEFAULT_TREND, type EntityResult } from "../../engine/index.js";
import { requireUser } from "./session.server.js";
import { redirectWithToast } from "./toast.server.js";
import { editorOptions, evaluateSoon, parseAlertForm, previewAlert, requireClient, requireSentry, saveAlert, type AlertKind, type Client } from "./alerts.server.js";

export type EditorValues = Record<string, string>;

/** Flat form values of a stored definition (edit mode) or of the defaults (spec 1 §9). */
function valuesOf(kind: AlertKind, mode: "threshold" | "trend", client: Client, stored?: { title: string; definition: { variables: unknown[]; requests: Record<string, { level: string; dataSourceId?: number; filters: unknown[] }> } }): EditorValues {
  const v: EditorValues = { title: stored?.title ?? "", dataSourceId: String(client.dataSource.id), level: "" };
  const request = stored ? Object.values(stored.definition.requests)[0] : undefined;
  if (request) {
    v.level = request.level;
    if (request.dataSourceId) v.dataSourceId = String(request.dataSourceId);
    (request.filters as { field: string; operator: string; value: string[] }[]).forEach((f, i) => {
      v[`filters[${i}].field`] = f.field;
      v[`filters[${i}].operator`] = f.operator;
      v[`filters[${i}].value`] = f.value.join(", ");
    });
  }
  const variable = stored?.definition.variables[0] as Record<string, unknown> | undefined;
  if (kind === "metric") {
    const storedMode = (variable?.alertType as string) ?? mode;
    const cond = ((variable?.alertValue as Record<string, unknown>[]) ?? [])[0] ?? (storedMode === "trend" ? DEFAULT_TREND : DEFAULT_THRESHOLD);
    v.alertType = storedMode;
    for (const [k, x] of Object.entries(cond)) v[k] = String(x);
    ((variable?.calculatedFields as { name: string; field: string }[]) ?? []).forEach((c, i) => {
      v[`calc[${i}].name`] = c.name;
      v[`calc[${i}].field`] = c.field;
    });
  } else if (kind === "kpi") {
    const k = (variable as typeof DEFAULT_KPI | undefined) ?? DEFAULT_KPI;
    Object.assign(v, { kpi: k.kpi, kpiOperator: k.operator, kpiValue: k.value ?? "" });
  } else {
    const p = (variable as typeof DEFAULT_PACING | undefined) ?? DEFAULT_PACING;
    Object.assign(v, { period: p.period, above: p.thresholds.above?.toString() ?? "", below: p.thresholds.below?.toString() ?? "" });
  }
  return v;
}

function kindOf(url: URL, fixed?: AlertKind): AlertKind {
  if (fixed) return fixed;
  const k = url.searchParams.get("kind");
  return k === "kpi" ? "kpi" : "metric";
}

export async function editorLoader(request: Request, params: { clientId?: string; alertId?: string }, route: "default" | "pacing" | "edit") {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const url = new URL(request.url);
  const sentry = route === "edit" ? await requireSentry(company.id, params.alertId) : undefined;
  if (sentry && sentry.useAsTemplate) throw json({ message: "You can't edit a template" }, { status: 403 });
  const kind: AlertKind = sentry ? (sentry.type === "kpi" ? "kpi" : sentry.type === "pacing" ? "pacing" : "metric") : kindOf(url, route === "pacing" ? "pacing" : undefined);
  const mode = url.searchParams.get("mode") === "trend" ? "trend" : "threshold";
  const options = await editorOptions(company.id, client, kind);
  const values = valuesOf(kind, mode, client, sentry);
  if (!values.level && options.levels.length) values.level = options.levels[0];
  return json({ clientId: client.dataSource.id, platform: client.platformId, kind, mode: (values.alertType as "threshold" | "trend") ?? mode, route, alertId: sentry?.id ?? null, options, values });
}

export type PreviewData = { ok: true; timezone: string; results: EntityResult[] } | { ok: false; message: string };

export async function editorAction(request: Request, params: { clientId?: string; alertId?: string }, route: "default" | "pacing" | "edit") {
  const { company, user } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const sentry = route === "edit" ? await requireSentry(company.id, params.alertId) : undefined;
  if (sentry && sentry.useAsTemplate) throw json({ message: "You can't edit a template" }, { status: 403 });
  const form = await request.formData();
  const intent = form.get("intent") === "preview" ? "preview" : "save";
  const kind: AlertKind = sentry ? (sentry.type === "kpi" ? "kpi" : sentry.type === "pacing" ? "pacing" : "metric") : route === "pacing" ? "pacing" : form.get("kind") === "kpi" ? "kpi" : "metric";
  const options = await editorOptions(company.id, client, kind);
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  if (!options.supported) return json({ values, errors: { form: "This feature is not available yet for this platform" }, preview: null }, { status: 400 });
  const { definition, errors } = parseAlertForm(form, kind, client.platformId, options, { requireTitle: intent === "save" });
  if (!definition) return json({ values, errors, preview: null }, { status: 400 });
  if (intent === "preview") {
    let preview: PreviewData;
    try {
      const out = await previewAlert(company.id, client, definition);
      preview = { ok: true, timezone: out.timezone, results: out.results.slice(0, 50) };
    } catch (error) {
      preview = { ok: false, message: error instanceof Error ? error.message : "Preview not available" };
    }
    return json({ values, errors: {}, preview });
  }
  let saved;
  try {
    saved = await saveAlert(company.id, user.id, definition, { platform: client.platformId, sentryId: sentry?.id });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[alerts] save failed", error);
    return json({ values, errors: { form: "We are not able to enable the alert for the moment." }, preview: null }, { status: 500 });
  }
  if (saved.configuredForId) await evaluateSoon([saved.configuredForId]);
  const label = kind === "kpi" ? "configuration" : kind;
  const target = saved.configuredForId ? `/clients/${definition.requests.A.dataSourceId}/details/${saved.configuredForId}` : `/clients/${client.dataSource.id}/anomalies`;
  return redirectWithToast(target, { type: "success", title: `Your ${label} alert has been ${sentry ? "updated" : "created"}` });
}

export { redirect };
