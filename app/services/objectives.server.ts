// Objectives (the Ads check) and the /ads options page (decision 0515): an objective is a period
// target on one metric of the account, saved as a sentry of type objective with a pacing-shaped
// variable and evaluated by the alert batches like every alert; polymathee is a preset metric
// alert over the four main metrics.
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "./session.server.js";
import { getDb } from "./db.server.js";
import { redirectWithToast } from "./toast.server.js";
import { alertsRepo, clientAlerts, editorOptions, evaluateSoon, requireClient, saveAlert, type Client } from "./alerts.server.js";
import { alertDefinitionSchema, PACING_PERIODS, type AlertDefinition, hasConnector } from "../../engine/index.js";
import { productAvailabilitySummary } from "./checks.server.js";
import { parseOrRefuse, readForm, safeParseForm } from "./request-input.server.js";

const amount = z.preprocess((v) => (v === "" || v === null || v === undefined ? undefined : v), z.coerce.number({ error: "Please input a number" }).positive("The amount must be positive").optional());

export const objectiveFormSchema = z
  .object({
    title: z.string({ error: "Please input a name for your objective" }).trim().min(1, "Please input a name for your objective").max(200),
    metric: z.string({ error: "Please select a metric" }).trim().min(1, "Please select a metric"),
    period: z.enum(PACING_PERIODS, { error: "Please select a period" }),
    atLeast: amount,
    atMost: amount,
  })
  .superRefine((v, ctx) => {
    if (v.atLeast === undefined && v.atMost === undefined) ctx.addIssue({ code: "custom", path: ["atLeast"], message: "Set a target: at least, at most or both" });
    if (typeof v.atLeast === "number" && typeof v.atMost === "number" && v.atLeast > v.atMost) ctx.addIssue({ code: "custom", path: ["atMost"], message: "The upper target must not be below the lower one" });
    // Run even when a field is missing (conform sends an empty field as absent), so the form
    // reports every error in one round.
  }, { when: () => true });

async function objectiveContext(request: Request, clientId: string | undefined) {
  const { user, company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const options = await editorOptions(company.id, client, "metric");
  return { user, company, client, metrics: options.metrics, supported: Boolean(client.platform?.alertOptions.ads) && hasConnector(client.platformId) };
}

export async function objectivesPage(request: Request, clientId: string | undefined) {
  const { company, client, metrics, supported } = await objectiveContext(request, clientId);
  const rows = await clientAlerts(company.id, client.dataSource.id, ["objective"]);
  const sentries = new Map((await alertsRepo.listSentries(getDb(), company.id)).filter((s) => s.type === "objective").map((s) => [s.id, s]));
  const bound = await alertsRepo.listConfiguredFors(getDb(), company.id, { dataSourceId: client.dataSource.id });
  const targets = new Map(
    bound.map((b) => {
      const v = sentries.get(b.sentryId)?.definition.variables[0] as { metric?: string; period?: string; thresholds?: { above?: number; below?: number } } | undefined;
      return [b.id, v ? { metric: v.metric ?? "cost", period: v.period ?? "", atLeast: v.thresholds?.below ?? null, atMost: v.thresholds?.above ?? null } : null];
    }),
  );
  return { clientId: client.dataSource.id, supported, metrics, rows: rows.map((r) => ({ ...r, target: targets.get(r.id) ?? null })) };
}

function requestOf(client: Client): AlertDefinition["requests"] {
  return { A: { accountId: client.dataSource.accountId, platform: client.platformId, level: "ACCOUNT", dataSourceId: client.dataSource.id, filters: [] } };
}

/** Creates an objective from the form; field errors (400) leave nothing saved. */
export async function createObjective(request: Request, clientId: string | undefined) {
  const { user, company, client, metrics, supported } = await objectiveContext(request, clientId);
  if (!supported) throw json({ message: "Objectives are not available for this platform" }, { status: 404 });
  const form = await readForm(request);
  const parsed = safeParseForm(form, objectiveFormSchema);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  if (parsed.success && metrics.length && !metrics.some((m) => m.id === parsed.data.metric)) errors.metric = `Unknown metric "${parsed.data.metric}"`;
  if (!parsed.success || Object.keys(errors).length) return json({ errors, values: Object.fromEntries(form) }, { status: 400 });
  const definition = alertDefinitionSchema.parse({
    title: parsed.data.title,
    type: "objective",
    variables: [{ type: "pacing", period: parsed.data.period, metric: parsed.data.metric, thresholds: { above: parsed.data.atMost, below: parsed.data.atLeast } }],
    requests: requestOf(client),
  });
  const saved = await saveAlert(company.id, user.id, definition, { platform: client.platformId });
  if (saved.configuredForId) await evaluateSoon([saved.configuredForId]);
  return redirectWithToast(`/clients/${client.dataSource.id}/objectives`, { type: "success", title: `Your objective ${definition.title} has been created` });
}

// ---- /ads: the ads options of the account ---------------------------------------------------

export const POLYMATHEE_TITLE = "Polymathee: account health";
const POLYMATHEE_METRICS = ["impressions", "clicks", "cost", "conversions"];

/** The polymathee preset (decision 0515): any main metric moving over 50 % either way, yesterday against the previous 7 days. */
export function polymatheeDefinition(client: Client): AlertDefinition {
  return alertDefinitionSchema.parse({
    title: POLYMATHEE_TITLE,
    type: "metric",
    variables: [
      {
        type: "metric",
        alertType: "trend",
        alertValue: POLYMATHEE_METRICS.flatMap((metric) => (["above", "below"] as const).map((trendType) => ({ operator: "sum", trendValue: 50, trendType, metric, duringTime1: "yesterday", duringTime2: "7_days" }))),
        calculatedFields: [],
        breakdown: null,
      },
    ],
    requests: requestOf(client),
  });
}

export async function adsPage(request: Request, clientId: string | undefined) {
  const { company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const db = getDb();
  const options = client.platform?.alertOptions ?? {};
  const bound = await alertsRepo.listConfiguredFors(db, company.id, { dataSourceId: client.dataSource.id });
  const objectives = bound.filter((b) => b.sentryType === "objective");
  const polymathee = bound.find((b) => b.sentryTitle === POLYMATHEE_TITLE && b.sentryType === "metric");
  const urls = await alertsRepo.listUrlChecks(db, company.id, client.dataSource.id);
  return {
    clientId: client.dataSource.id,
    objectives: options.ads ? { total: objectives.length, inAnomaly: objectives.filter((o) => o.status === "ANOMALY").length } : null,
    urls: options.url_checker ? { total: urls.length, broken: urls.filter((u) => u.lastStatus !== 200).length } : null,
    polymathee: options.polymathee && hasConnector(client.platformId) ? { configuredForId: polymathee?.id ?? null, status: polymathee?.status ?? null } : null,
    productAvailable: await productAvailabilitySummary(company.id, client),
  };
}

const PolymatheeSchema = z.object({ intent: z.literal("polymathee", { error: "Unknown action" }) });

/** Activates polymathee on the account (once); its first evaluation starts at once. */
export async function activatePolymathee(request: Request, clientId: string | undefined) {
  const { user, company } = await requireUser(request);
  const client = await requireClient(company.id, clientId);
  const form = await readForm(request);
  parseOrRefuse(form, PolymatheeSchema);
  if (!client.platform?.alertOptions.polymathee || !hasConnector(client.platformId)) throw json({ message: "Polymathee is not available for this platform" }, { status: 404 });
  const bound = await alertsRepo.listConfiguredFors(getDb(), company.id, { dataSourceId: client.dataSource.id });
  const existing = bound.find((b) => b.sentryTitle === POLYMATHEE_TITLE && b.sentryType === "metric");
  if (existing) return redirectWithToast(`/clients/${client.dataSource.id}/ads`, { type: "info", title: "Polymathee is already active on this account" });
  const saved = await saveAlert(company.id, user.id, polymatheeDefinition(client), { platform: client.platformId });
  if (saved.configuredForId) await evaluateSoon([saved.configuredForId]);
  return redirectWithToast(`/clients/${client.dataSource.id}/ads`, { type: "success", title: `${client.dataSource.name} is now protected by ${POLYMATHEE_TITLE}` });
}
