// Monitoring for the routes (issue 7): portfolio, client area, alert editor (parse, save,
// preview), detail, snooze, templates. Routes reach db/ and the engine only through here.
import { json } from "@remix-run/node";
import { DateTime } from "luxon";
import * as alertsRepo from "../../db/repositories/alerts.js";
import { getDataSource, listDataSources } from "../../db/repositories/data-sources.js";
import { getNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { listCompanyUsers } from "../../db/repositories/users.js";
import type { DataSource } from "../../db/schema.js";
import { alertDefinitionSchema, type AlertDefinition, findPlatform, getPlatformIcon, hasConnector, getConnector, type FieldDef } from "../../engine/index.js";
import { evaluateAlertOnAccount, type AlertEvaluationOutput } from "../../server/alert-evaluation.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { getDb } from "./db.server.js";
import type { Toast } from "./toast.server.js";
import { z } from "zod";
import { definitionFromForm, editorErrors, type AlertKind } from "~/utils/alert-form";

export type { AlertKind };

export { alertsRepo };

export type ClientCard = {
  id: number;
  name: string;
  platform: string;
  platformName: string;
  icon: string;
  anomalies: { inAnomaly: number; total: number };
  pacing: { inAnomaly: number; total: number };
};

function platformOf(ds: DataSource, platforms: Map<number, string>) {
  return platforms.get(ds.networkAuthorizationId) ?? "unknown";
}

async function sourcePlatforms(companyId: number): Promise<Map<number, string>> {
  const rows = await getDb().selectFrom("networkAuthorizations").select(["id", "platform"]).where("companyId", "=", companyId).execute();
  return new Map(rows.map((r) => [r.id, r.platform]));
}

/** Spec 1 §2.3 portfolio: accounts with alerts activated on networks whose alerts are active. */
export async function portfolio(companyId: number, sort: "name" | "alerts"): Promise<ClientCard[]> {
  const db = getDb();
  const [sources, platforms] = await Promise.all([listDataSources(db, companyId), sourcePlatforms(companyId)]);
  const active = sources.filter((s) => s.activateAlert && findPlatform(platformOf(s, platforms))?.alertsActive);
  const stats = await alertsRepo.statsOnAlert(db, companyId, active.map((s) => s.id));
  const cards = active.map((s) => {
    const platform = findPlatform(platformOf(s, platforms))!;
    const st = stats.get(s.id) ?? {};
    const pick = (k: string) => st[k] ?? { numberTotalConfigured: 0, numberStatusTrue: 0 };
    return {
      id: s.id,
      name: s.name,
      platform: platform.id,
      platformName: platform.displayName,
      icon: getPlatformIcon(platform.id),
      anomalies: {
        inAnomaly: pick("kpi/default").numberStatusTrue + pick("metric/default").numberStatusTrue,
        total: pick("kpi/default").numberTotalConfigured + pick("metric/default").numberTotalConfigured,
      },
      pacing: { inAnomaly: pick("pacing/default").numberStatusTrue, total: pick("pacing/default").numberTotalConfigured },
    };
  });
  if (sort === "alerts") cards.sort((a, b) => b.anomalies.inAnomaly + b.pacing.inAnomaly - (a.anomalies.inAnomaly + a.pacing.inAnomaly) || a.name.localeCompare(b.name));
  else cards.sort((a, b) => a.name.localeCompare(b.name));
  return cards;
}

/** The client (an account with alerts) of this company, or a 404. */
export async function requireClient(companyId: number, clientId: string | undefined) {
  const id = Number(clientId);
  const db = getDb();
  const ds = Number.isInteger(id) && id > 0 ? await getDataSource(db, companyId, id) : undefined;
  if (!ds) throw json({ message: "Unable to load" }, { status: 404 });
  const source = await getNetworkAuthorization(db, companyId, ds.networkAuthorizationId);
  if (!source) throw json({ message: "Unable to load" }, { status: 404 });
  const platform = findPlatform(source.platform);
  return { dataSource: ds, source, platform, platformId: source.platform, icon: getPlatformIcon(source.platform) };
}

export type Client = Awaited<ReturnType<typeof requireClient>>;

export async function requireConfiguredFor(companyId: number, clientId: number, configuredForId: string | undefined) {
  const id = Number(configuredForId);
  const cf = Number.isInteger(id) && id > 0 ? await alertsRepo.getConfiguredFor(getDb(), companyId, id) : undefined;
  if (!cf || cf.dataSourceId !== clientId) throw json({ message: "Not available" }, { status: 404 });
  return cf;
}

export async function requireSentry(companyId: number, alertId: string | undefined) {
  const id = Number(alertId);
  const sentry = Number.isInteger(id) && id > 0 ? await alertsRepo.getSentry(getDb(), companyId, id) : undefined;
  if (!sentry) throw json({ message: "Not available" }, { status: 404 });
  return sentry;
}

// ---- metric cards -------------------------------------------------------------------------

export type MetricCard = { key: "impressions" | "cost" | "conversions" | "clicks"; label: string; last7: number | null; previous7: number | null; change: number | null; points: { x: string; y: number }[] };

export async function metricCards(companyId: number, client: Client, now = new Date()): Promise<{ cards: MetricCard[]; currency: string | null }> {
  const tz = client.dataSource.timezone || "UTC";
  const today = DateTime.fromJSDate(now, { zone: tz }).startOf("day");
  const days = (from: number, to: number) => {
    const out: string[] = [];
    for (let i = from; i >= to; i--) out.push(today.minus({ days: i }).toFormat("yyyy-MM-dd"));
    return out;
  };
  const last = days(7, 1);
  const previous = days(14, 8);
  const stats = await alertsRepo.listDailyStats(getDb(), companyId, client.dataSource.id, { start: previous[0], end: last[last.length - 1] });
  const byDate = new Map(stats.map((s) => [s.date, s]));
  const total = (dates: string[], key: MetricCard["key"]) => {
    const present = dates.filter((d) => byDate.has(d));
    return present.length ? present.reduce((sum, d) => sum + byDate.get(d)![key], 0) : null;
  };
  const labels: [MetricCard["key"], string][] = [
    ["impressions", "Impressions"],
    ["cost", "Cost"],
    ["conversions", "Conversion"],
    ["clicks", "Clicks"],
  ];
  return {
    currency: client.dataSource.currency,
    cards: labels.map(([key, label]) => {
      const a = total(last, key);
      const b = total(previous, key);
      return {
        key,
        label,
        last7: a === null ? null : Math.round(a * 100) / 100,
        previous7: b === null ? null : Math.round(b * 100) / 100,
        change: a === null || b === null || b === 0 ? null : Math.round(((a - b) / b) * 1000) / 10,
        points: last.map((d) => ({ x: d, y: byDate.get(d)?.[key] ?? 0 })),
      };
    }),
  };
}

// ---- editor ---------------------------------------------------------------------------------

export type EditorOptions = {
  supported: boolean;
  accounts: { id: number; name: string; accountId: string }[];
  levels: string[];
  metrics: { id: string; name: string }[];
  configFields: { id: string; name: string }[];
  filterFields: { id: string; name: string }[];
};

const IDENTIFIER_DIMENSIONS = new Set(["date", "hour"]);

/** What the editor offers for a platform and kind; supported false shows "Coming soon". */
export async function editorOptions(companyId: number, client: Client, kind: AlertKind): Promise<EditorOptions> {
  const platform = client.platform;
  const optionKey = kind === "kpi" ? "kpi" : kind === "pacing" ? "pacing" : "metric";
  const levels = (platform?.alertOptions[optionKey] ?? []).filter((l) => ["ACCOUNT", "CAMPAIGN", "ADGROUP"].includes(l));
  const supported = Boolean(platform?.alertsActive && hasConnector(client.platformId) && levels.length > 0);
  const accounts = (await listDataSources(getDb(), companyId, { networkAuthorizationId: client.source.id }))
    .filter((a) => a.activateAlert || a.id === client.dataSource.id)
    .map((a) => ({ id: a.id, name: a.name, accountId: a.accountId }));
  if (!supported) return { supported, accounts, levels, metrics: [], configFields: [], filterFields: [] };
  let fields: FieldDef[] = [];
  try {
    fields = await getConnector(client.platformId).listFields(undefined);
  } catch {
    // Platforms that need a credential to list fields: the editor still works with typed ids.
    fields = [];
  }
  const metrics = fields.filter((f) => f.type === "metric").map((f) => ({ id: f.id, name: f.name }));
  const dimensions = fields.filter((f) => f.type === "dimension" && !IDENTIFIER_DIMENSIONS.has(f.id));
  return {
    supported,
    accounts,
    levels,
    metrics,
    configFields: dimensions.filter((f) => !f.id.endsWith("_id") && !f.id.endsWith("_name")).map((f) => ({ id: f.id, name: f.name })),
    filterFields: dimensions.map((f) => ({ id: f.id, name: f.name })),
  };
}

export function parseAlertForm(form: FormData, kind: AlertKind, platform: string, options: EditorOptions, opts: { requireTitle: boolean }) {
  const candidate = definitionFromForm(form, kind, platform, options.accounts);
  const parsed = alertDefinitionSchema.safeParse(opts.requireTitle ? candidate : { ...candidate, title: candidate.title || "Preview" });
  const errors = parsed.success ? {} : editorErrors(parsed.error.issues);
  // Field checks the schema cannot make alone: known metrics, levels and filter fields.
  if (parsed.success) {
    const request = parsed.data.requests.A;
    if (!options.levels.includes(request.level)) errors.level = "Please select a level";
    const known = new Set([...options.metrics.map((m) => m.id), ...options.filterFields.map((f) => f.id)]);
    request.filters.forEach((f, i) => {
      if (options.filterFields.length && !options.filterFields.some((x) => x.id === f.field)) errors[`filters[${i}].field`] = `Unknown field "${f.field}"`;
    });
    for (const v of parsed.data.variables) {
      if (v.type === "metric") {
        const calculated = new Set(v.calculatedFields.map((c) => c.name));
        for (const c of v.alertValue) if (options.metrics.length && !known.has(c.metric) && !calculated.has(c.metric)) errors.metric = `Unknown metric "${c.metric}"`;
      }
      if (v.type === "kpi" && options.configFields.length && !options.configFields.some((f) => f.id === v.kpi)) errors.kpi = `Unknown configuration value "${v.kpi}"`;
    }
  }
  return { candidate, definition: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

/** Creates the alert and binds it to the account (one transaction), or updates an existing alert. */
export async function saveAlert(companyId: number, userId: number, definition: AlertDefinition, opts: { platform: string; sentryId?: number }): Promise<{ sentryId: number; configuredForId: number | null }> {
  const db = getDb();
  const stored = { variables: definition.variables, requests: definition.requests } as alertsRepo.StoredDefinition;
  const dataSourceId = definition.requests.A.dataSourceId!;
  return db.transaction().execute(async (trx) => {
    if (opts.sentryId) {
      const updated = await alertsRepo.updateSentry(trx, companyId, opts.sentryId, { title: definition.title, type: definition.type, platform: opts.platform, definition: stored });
      if (!updated) throw json({ message: "Not available" }, { status: 404 });
      const bound = await alertsRepo.listConfiguredFors(trx, companyId, { sentryId: opts.sentryId, dataSourceId });
      return { sentryId: updated.id, configuredForId: bound[0]?.id ?? null };
    }
    const sentry = await alertsRepo.createSentry(trx, companyId, { title: definition.title, type: definition.type, platform: opts.platform, definition: stored, createdById: userId });
    const cf = await alertsRepo.createConfiguredFor(trx, companyId, sentry.id, dataSourceId);
    if (!cf) throw json({ message: "Unable to load" }, { status: 404 });
    return { sentryId: sentry.id, configuredForId: cf.id };
  });
}

/** Starts the first evaluation now; when Temporal is unreachable the hourly schedule picks it up. */
export async function evaluateSoon(configuredForIds: number[], dataSourceIds: number[] = []): Promise<void> {
  try {
    const [{ getTemporalClient }, { triggerAlertEvaluation }] = await Promise.all([import("../../temporal/client.js"), import("../../temporal/alert-schedules.js")]);
    await triggerAlertEvaluation(await getTemporalClient(), configuredForIds, dataSourceIds);
  } catch (error) {
    // Not fatal: the alert is saved and due; the next scheduled pass evaluates it.
    console.warn("[alerts] immediate evaluation not started:", (error as Error).message);
  }
}

/** The editor's live preview: the alert evaluated on live data now. */
export async function previewAlert(companyId: number, client: Client, definition: Pick<AlertDefinition, "variables" | "requests">): Promise<AlertEvaluationOutput> {
  const dataSourceId = definition.requests.A?.dataSourceId ?? client.dataSource.id;
  const ds = (await getDataSource(getDb(), companyId, dataSourceId)) ?? client.dataSource;
  const connector = getConnector(client.platformId);
  const ctx = connectorContextForSource(getDb(), companyId, client.source, connector);
  return evaluateAlertOnAccount(connector, ctx, { accountId: ds.accountId, name: ds.name, timezone: ds.timezone, currency: ds.currency }, definition, new Date());
}

export async function companyUsers(companyId: number) {
  return (await listCompanyUsers(getDb(), companyId)).filter((u) => u.isActive).map((u) => ({ id: u.id, email: u.email, name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email }));
}

/** The home dashboard's data (spec 1 §2.3), shared by / and /app. */
export async function dashboardData(companyId: number, url: URL) {
  const tab = url.searchParams.get("tab") === "alerts" ? ("alerts" as const) : ("portfolio" as const);
  const sort = url.searchParams.get("sort") === "alerts" ? ("alerts" as const) : ("name" as const);
  const [clients, configured] = await Promise.all([portfolio(companyId, sort), alertsRepo.listConfiguredFors(getDb(), companyId)]);
  return {
    tab,
    sort,
    clients,
    alerts: configured.map((c) => ({
      id: c.id,
      dataSourceId: c.dataSourceId,
      dataSourceName: c.dataSourceName,
      title: c.sentryTitle,
      type: c.sentryType,
      entityInAlert: c.entityInAlert,
      entityAnalyzed: c.entityAnalyzed,
      lastAnalyze: c.lastAnalyze ? c.lastAnalyze.toISOString() : null,
      status: c.status,
    })),
  };
}

/** The client's configured alerts of some kinds (anomalies: metric and kpi; pacing). */
export async function clientAlerts(companyId: number, dataSourceId: number, kinds: string[]) {
  const rows = await alertsRepo.listConfiguredFors(getDb(), companyId, { dataSourceId });
  return rows
    .filter((r) => kinds.includes(r.sentryType))
    .map((r) => ({ id: r.id, title: r.sentryTitle, type: r.sentryType, useAsTemplate: r.useAsTemplate, status: r.status, entityInAlert: r.entityInAlert, entityAnalyzed: r.entityAnalyzed, lastAnalyze: r.lastAnalyze?.toISOString() ?? null, snoozed: r.snoozed?.toISOString() ?? null }));
}

/** The template picker (spec 1 §2.5): the company's templates for the platform, with their state on this account. */
export async function templatesFor(companyId: number, client: Client, search: string) {
  const db = getDb();
  const templates = await alertsRepo.listSentries(db, companyId, { useAsTemplate: true, platform: client.platformId });
  const bound = await alertsRepo.listConfiguredFors(db, companyId, { dataSourceId: client.dataSource.id });
  const q = search.trim().toLowerCase();
  return templates
    .filter((t) => !q || t.title.toLowerCase().includes(q))
    .map((t) => {
      const cf = bound.find((b) => b.sentryId === t.id);
      return { id: t.id, title: t.title, type: t.type, usedByCurrentDataSource: Boolean(cf), activatedForDataSourceId: cf ? client.dataSource.id : false, configuredForId: cf?.id ?? null };
    });
}

export async function toggleTemplate(companyId: number, client: Client, sentryId: number, on: boolean): Promise<{ ok: boolean; title: string }> {
  const db = getDb();
  const sentry = await alertsRepo.getSentry(db, companyId, sentryId);
  if (!sentry || !sentry.useAsTemplate || sentry.platform !== client.platformId) throw json({ message: "Not available" }, { status: 404 });
  if (on) {
    const cf = await alertsRepo.createConfiguredFor(db, companyId, sentryId, client.dataSource.id);
    if (!cf) return { ok: false, title: sentry.title };
    if (cf.created) await evaluateSoon([cf.id]);
    return { ok: true, title: sentry.title };
  }
  const bound = await alertsRepo.listConfiguredFors(db, companyId, { dataSourceId: client.dataSource.id, sentryId });
  for (const b of bound) await alertsRepo.deleteConfiguredFor(db, companyId, b.id);
  return { ok: true, title: sentry.title };
}

const TemplateToggleSchema = z.object({ intent: z.literal("toggle-template"), sentryId: z.coerce.number().int().positive(), on: z.enum(["0", "1"]) });

/**
 * One template toggle of a picker (spec 1 §4, §8), shared by the client's alert list and the
 * onboarding wizard: the outcome's status and the toast to show (null for a malformed post).
 */
export async function applyTemplateToggle(companyId: number, client: Client, form: FormData): Promise<{ ok: boolean; status: number; toast: Toast | null }> {
  const parsed = TemplateToggleSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, status: 400, toast: null };
  const on = parsed.data.on === "1";
  try {
    const { ok, title } = await toggleTemplate(companyId, client, parsed.data.sentryId, on);
    if (!ok) return { ok: false, status: 404, toast: { type: "error", title: `Unable to ${on ? "activate" : "deactivate"} ${title}`, description: "An error occurred. Please try again." } };
    return { ok: true, status: 200, toast: on ? { type: "success", title: `${client.dataSource.name} is now protected by ${title}` } : { type: "success", title: `${title} deactivated on ${client.dataSource.name}` } };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, status: 500, toast: { type: "error", title: `Unable to ${on ? "activate" : "deactivate"} the template`, description: "An error occurred. Please try again." } };
  }
}

/** Company templates with their health (spec 1 §3 template health: accounts, status, last run). */
export async function templatesWithHealth(companyId: number) {
  const db = getDb();
  const [templates, bound] = await Promise.all([alertsRepo.listSentries(db, companyId, { useAsTemplate: true }), alertsRepo.listConfiguredFors(db, companyId)]);
  return templates.map((t) => ({
    id: t.id,
    title: t.title,
    type: t.type,
    platform: t.platform,
    accounts: bound
      .filter((b) => b.sentryId === t.id)
      .map((b) => ({ dataSourceId: b.dataSourceId, configuredForId: b.id, dataSourceName: b.dataSourceName, status: b.status, lastAnalyze: b.lastAnalyze?.toISOString() ?? null })),
  }));
}

/** A template made from an alert (a copy; the alert keeps watching its account). */
export async function createTemplateFrom(companyId: number, userId: number, sentryId: number, title: string) {
  const db = getDb();
  const source = await alertsRepo.getSentry(db, companyId, sentryId);
  if (!source) throw json({ message: "Not available" }, { status: 404 });
  return alertsRepo.createSentry(db, companyId, { title, type: source.type, platform: source.platform, definition: source.definition, useAsTemplate: true, createdById: userId });
}
