// Loader and action of the three editor routes (create default, create pacing, edit).
import { json, redirect } from "@remix-run/node";
import { DEFAULT_KPI, DEFAULT_PACING, DEFAULT_THRESHOLD, DEFAULT_TREND, type EntityResult } from "../../engine/index.js";
import { requireUser } from "./session.server.js";
import { searchTerm } from "~/utils/field-picker";
import { redirectWithToast } from "./toast.server.js";
import { editorOptions, evaluateSoon, parseAlertForm, previewAlert, requireClient, requireSentry, saveAlert, templateFits, type AlertKind, type Client } from "./alerts.server.js";
import { carriedValues } from "~/utils/alert-form";
import { ANY_ADS_PLATFORM } from "../../server/starter-templates.js";
import { parseOrRefuse, readForm } from "./request-input.server.js";
import { z } from "zod";

export type EditorValues = Record<string, string>;

/** Flat form values of a stored definition (edit mode) or of the defaults (spec 1 §9). */
function valuesOf(kind: AlertKind, mode: "threshold" | "trend" | null, client: Client, stored?: { title: string; definition: { variables: unknown[]; requests: Record<string, { level: string; dataSourceId?: number; filters: unknown[] }> } }): EditorValues {
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
    // A stored alert opens in its own mode; a switch asks for the other one (its defaults).
    const storedMode = (variable?.alertType as string | undefined) ?? "threshold";
    const chosen = mode ?? storedMode;
    const cond = (chosen === storedMode ? ((variable?.alertValue as Record<string, unknown>[]) ?? [])[0] : undefined) ?? (chosen === "trend" ? DEFAULT_TREND : DEFAULT_THRESHOLD);
    v.alertType = chosen;
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

/**
 * The sentry an edit route opens. A company template is edited only from the templates page
 * (`template=1`, issue 18), on an account of a platform it fits; the alert detail's Edit stays
 * disabled for templates (spec 1 §2.7).
 */
async function requireEditable(companyId: number, client: Client, alertId: string | undefined, asTemplate: boolean) {
  const sentry = await requireSentry(companyId, alertId);
  if (sentry.useAsTemplate && !asTemplate) throw json({ message: "You can't edit a template" }, { status: 403 });
  if (sentry.useAsTemplate && !templateFits(sentry.platform, client)) throw json({ message: "Not available" }, { status: 404 });
  return sentry;
}

const kindOfSentry = (type: string): AlertKind => (type === "kpi" ? "kpi" : type === "pacing" ? "pacing" : "metric");

export async function editorLoader(request: Request, params: { clientId?: string; alertId?: string }, route: "default" | "pacing" | "edit") {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const url = new URL(request.url);
  const asTemplate = url.searchParams.get("template") === "1";
  const sentry = route === "edit" ? await requireEditable(company.id, client, params.alertId, asTemplate) : undefined;
  const kind: AlertKind = sentry ? kindOfSentry(sentry.type) : kindOf(url, route === "pacing" ? "pacing" : undefined);
  const modeParam = url.searchParams.get("mode");
  const mode = modeParam === "trend" ? "trend" : modeParam === "threshold" ? "threshold" : null;
  const options = await editorOptions(company.id, client, kind);
  // A kind or mode switch is a GET with the form's values: the name, account, level and filters
  // (and, staying on metrics, the metric) carry over; the condition starts from its defaults.
  const values = { ...valuesOf(kind, mode, client, sentry), ...carriedValues(url.searchParams, kind === "metric") };
  if (!options.levels.includes(values.level) && options.levels.length) values.level = options.levels[0];
  return json({
    clientId: client.dataSource.id,
    platform: client.platformId,
    kind,
    mode: (values.alertType as "threshold" | "trend") ?? mode ?? "threshold",
    route,
    alertId: sentry?.id ?? null,
    options,
    values,
    currency: client.dataSource.currency,
    template: Boolean(sentry?.useAsTemplate),
  });
}

/**
 * What steers a post of the editor (its buttons, the kind, the template flag and the metric
 * search); the definition's own fields go through parseAlertForm. Enter in a text input sends no
 * button: a save, as before.
 */
const EditorPostSchema = z.object({
  intent: z.enum(["save", "preview", "search"], { error: "Unknown action" }).default("save"),
  template: z.literal("1", { error: "Unknown template flag" }).optional(),
  kind: z.string().optional(),
  metric_q: z.string().optional(),
});

export type PreviewData = { ok: true; timezone: string; results: EntityResult[] } | { ok: false; message: string };

export async function editorAction(request: Request, params: { clientId?: string; alertId?: string }, route: "default" | "pacing" | "edit") {
  const { company, user } = await requireUser(request);
  const client = await requireClient(company.id, params.clientId);
  const form = await readForm(request);
  const post = parseOrRefuse(form, EditorPostSchema);
  const sentry = route === "edit" ? await requireEditable(company.id, client, params.alertId, post.template === "1") : undefined;
  const { intent } = post;
  // The kind lives in the editor's URL (its form posts back to it: ?kind=kpi), else in the body.
  const urlKind = new URL(request.url).searchParams.get("kind");
  const kind: AlertKind = sentry ? kindOfSentry(sentry.type) : route === "pacing" ? "pacing" : (urlKind ?? post.kind) === "kpi" ? "kpi" : "metric";
  const options = await editorOptions(company.id, client, kind);
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  if (!options.supported) return json({ values, errors: { form: "This feature is not available yet for this platform" }, preview: null }, { status: 400 });
  // The metric picker's Search without JavaScript: the same form again, nothing validated or saved.
  if (intent === "search") return json({ values, errors: {}, preview: null, fieldSearch: searchTerm(post.metric_q) });
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
    // A starter template ("*") stays usable on every ads platform once edited.
    saved = await saveAlert(company.id, user.id, definition, { platform: sentry?.useAsTemplate && sentry.platform === ANY_ADS_PLATFORM ? ANY_ADS_PLATFORM : client.platformId, sentryId: sentry?.id });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[alerts] save failed", error);
    return json({ values, errors: { form: "We are not able to enable the alert for the moment." }, preview: null }, { status: 500 });
  }
  if (sentry?.useAsTemplate) return redirectWithToast("/company/settings/alerts/templates", { type: "success", title: `The template ${definition.title} has been updated` });
  if (saved.configuredForId) await evaluateSoon([saved.configuredForId]);
  const label = kind === "kpi" ? "configuration" : kind;
  const target = saved.configuredForId ? `/clients/${definition.requests.A.dataSourceId}/details/${saved.configuredForId}` : `/clients/${client.dataSource.id}/anomalies`;
  return redirectWithToast(target, { type: "success", title: `Your ${label} alert has been ${sentry ? "updated" : "created"}` });
}

export { redirect };
