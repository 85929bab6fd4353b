// Monitoring for the routes (issue 7): portfolio, client area, alert editor (parse, save,
// preview), detail, snooze, templates. Routes reach db/ and the engine only through here.
import { json } from "@remix-run/node";
import { DateTime } from "luxon";
import * as alertsRepo from "../../db/repositories/alerts.js";
import { getDataSource, listDataSources } from "../../db/repositories/data-sources.js";
import { getNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { listCompanyUsers } from "../../db/repositories/users.js";
import type { DataSource } from "../../db/schema.js";
import type { DB } from "../../db/connection.js";
import { alertDefinitionSchema, type AlertDefinition, findPlatform, getPlatformIcon, hasConnector, getConnector, type FieldDef } from "../../engine/index.js";
import { evaluateAlertOnAccount, type AlertEvaluationOutput } from "../../server/alert-evaluation.js";
import { connectorContextForSource } from "../../server/source-context.js";
import { getDb } from "./db.server.js";
import { redirectWithToast, toastHeaders, type Toast } from "./toast.server.js";
import { inboxData } from "./inbox.server.js";
import { addStarterTemplates, ANY_ADS_PLATFORM, STARTER_CHECKS } from "../../server/starter-templates.js";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { CronExpressionParser } from "cron-parser";
import { ALERT_SCHEDULE_CRON } from "../../temporal/shared.js";
import { definitionFromForm, editorErrors, UNREADABLE_EDITOR_FORM, type AlertKind } from "~/utils/alert-form";
import { notFound, requireId } from "./request-input.server.js";
import { idField } from "../../lib/ids.js";

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
  const db = getDb();
  const ds = await getDataSource(db, companyId, requireId(clientId, "Unable to load"));
  if (!ds) throw notFound("Unable to load");
  const source = await getNetworkAuthorization(db, companyId, ds.networkAuthorizationId);
  if (!source) throw json({ message: "Unable to load" }, { status: 404 });
  const platform = findPlatform(source.platform);
  return { dataSource: ds, source, platform, platformId: source.platform, icon: getPlatformIcon(source.platform) };
}

export type Client = Awaited<ReturnType<typeof requireClient>>;

export async function requireConfiguredFor(companyId: number, clientId: number, configuredForId: string | undefined) {
  const cf = await alertsRepo.getConfiguredFor(getDb(), companyId, requireId(configuredForId, "Not available"));
  if (!cf || cf.dataSourceId !== clientId) throw notFound("Not available");
  return cf;
}

export async function requireSentry(companyId: number, alertId: string | undefined) {
  const sentry = await alertsRepo.getSentry(getDb(), companyId, requireId(alertId, "Not available"));
  if (!sentry) throw notFound("Not available");
  return sentry;
}

// ---- metric cards -------------------------------------------------------------------------

export type MetricCard = { key: "impressions" | "cost" | "conversions" | "clicks"; label: string; last7: number | null; previous7: number | null; change: number | null; points: { x: string; y: number }[] };

export async function metricCards(companyId: number, client: Client, now = new Date()): Promise<{ cards: MetricCard[]; currency: string | null; empty: boolean }> {
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
    empty: stats.length === 0,
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
  metrics: { id: string; name: string; description?: string; category?: string; currency?: boolean }[];
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
  const metrics = fields.filter((f) => f.type === "metric").map((f) => ({ id: f.id, name: f.name, description: f.description, category: f.category, ...(f.fieldType === "CURRENCY" ? { currency: true } : {}) }));
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
  if (!candidate) return { definition: null, errors: { form: UNREADABLE_EDITOR_FORM } as Record<string, string> };
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
    await assignIfNobody(trx, companyId, dataSourceId, userId);
    return { sentryId: sentry.id, configuredForId: cf.id };
  });
}

/**
 * Starts an evaluation of these alerts now (and refreshes these accounts' metric cards); when
 * Temporal is unreachable the hourly schedule picks them up. Answers whether it started.
 */
export async function evaluateSoon(configuredForIds: number[], dataSourceIds: number[] = []): Promise<boolean> {
  try {
    const [{ getTemporalClient }, { triggerAlertEvaluation }] = await Promise.all([import("../../temporal/client.js"), import("../../temporal/alert-schedules.js")]);
    await triggerAlertEvaluation(await getTemporalClient(), configuredForIds, dataSourceIds);
    return true;
  } catch (error) {
    // Not fatal: the alert is saved and due; the next scheduled pass evaluates it.
    console.warn("[alerts] immediate evaluation not started:", (error as Error).message);
    return false;
  }
}

/** Run now (issue 18): the evaluateAlerts workflow for this one alert, like the checks' Check now. */
export async function runNow(companyId: number, configuredForId: number): Promise<boolean> {
  await alertsRepo.requestRun(getDb(), companyId, configuredForId, new Date());
  return evaluateSoon([configuredForId]);
}

/** The next pass of the hourly alerts:evaluate schedule after `now`. */
export function nextScheduledRun(now: Date): Date {
  return CronExpressionParser.parse(ALERT_SCHEDULE_CRON, { currentDate: now, tz: "UTC" }).next().toDate();
}

/**
 * What the screens say about an alert's runs: "Checked hourly · last 17:05 · next about 18:05",
 * and whether a run is on its way (never run yet, or a Run now not landed): the detail refreshes.
 */
export type ScheduleView = { last: string | null; next: string; pending: "first-run" | "run-now" | null };
export function scheduleView(cf: { lastAnalyze: Date | null; runRequestedAt: Date | null }, now: Date): ScheduleView {
  const pending = cf.lastAnalyze === null ? "first-run" : cf.runRequestedAt && cf.runRequestedAt > cf.lastAnalyze ? "run-now" : null;
  return { last: cf.lastAnalyze?.toISOString() ?? null, next: nextScheduledRun(now).toISOString(), pending };
}

/** Assigns the user to the account when nobody is: someone is always notified (issue 18). */
export async function assignIfNobody(db: DB, companyId: number, dataSourceId: number, userId: number): Promise<void> {
  if ((await alertsRepo.listAssignees(db, companyId, dataSourceId)).length === 0) await alertsRepo.addAssignee(db, companyId, dataSourceId, userId);
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
  const param = url.searchParams.get("tab");
  const tab = param === "alerts" ? ("alerts" as const) : param === "inbox" ? ("inbox" as const) : ("portfolio" as const);
  const sort = url.searchParams.get("sort") === "alerts" ? ("alerts" as const) : ("name" as const);
  const now = new Date();
  const [clients, configured, openAnomalies, inbox] = await Promise.all([
    portfolio(companyId, sort),
    alertsRepo.listConfiguredFors(getDb(), companyId),
    alertsRepo.countOpenAnomalies(getDb(), companyId, now),
    tab === "inbox" ? inboxData(companyId, url, now) : null,
  ]);
  return {
    tab,
    sort,
    clients,
    openAnomalies,
    inbox,
    now: now.toISOString(),
    alerts: configured.map((c) => ({
      schedule: scheduleView(c, now),
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
  const now = new Date();
  return rows
    .filter((r) => kinds.includes(r.sentryType))
    .map((r) => ({
      id: r.id,
      title: r.sentryTitle,
      type: r.sentryType,
      useAsTemplate: r.useAsTemplate,
      status: r.status,
      entityInAlert: r.entityInAlert,
      entityAnalyzed: r.entityAnalyzed,
      lastAnalyze: r.lastAnalyze?.toISOString() ?? null,
      snoozed: r.snoozed?.toISOString() ?? null,
      schedule: scheduleView(r, now),
      now: now.toISOString(),
    }));
}

/** Whether a template of `platform` may run on the client: its own platform, or any ads platform for the starter library's. */
export function templateFits(platform: string, client: Pick<Client, "platformId" | "platform">): boolean {
  return platform === client.platformId || (platform === ANY_ADS_PLATFORM && client.platform?.category === "ADS");
}

/** The company's templates, with the starter library added the first time (issue 18). */
async function companyTemplates(companyId: number, platforms?: string[]) {
  const db = getDb();
  await addStarterTemplates(db, companyId);
  return alertsRepo.listSentries(db, companyId, { useAsTemplate: true, ...(platforms ? { platform: platforms } : {}) });
}

/** The template picker (spec 1 §2.5): the company's templates for the platform, with their state on this account. */
export async function templatesFor(companyId: number, client: Client, search: string) {
  const db = getDb();
  const templates = await companyTemplates(companyId, client.platform?.category === "ADS" ? [client.platformId, ANY_ADS_PLATFORM] : [client.platformId]);
  const bound = await alertsRepo.listConfiguredFors(db, companyId, { dataSourceId: client.dataSource.id });
  const q = search.trim().toLowerCase();
  const matches = (text: string) => !q || text.toLowerCase().includes(q);
  return templates
    .filter((t) => matches(t.title) || matches(t.description ?? ""))
    .map((t) => {
      const cf = bound.find((b) => b.sentryId === t.id);
      return { id: t.id, title: t.title, description: t.description, type: t.type, usedByCurrentDataSource: Boolean(cf), activatedForDataSourceId: cf ? client.dataSource.id : false, configuredForId: cf?.id ?? null };
    });
}

/** The starter library's automatic checks this client's platform offers, with their page (the picker lists them). */
export function starterChecksFor(client: Client, search: string) {
  const q = search.trim().toLowerCase();
  return STARTER_CHECKS.filter((c) => client.platform?.alertOptions[c.option] && (!q || `${c.title} ${c.description}`.toLowerCase().includes(q))).map((c) => ({
    title: c.title,
    description: c.description,
    href: `/clients/${client.dataSource.id}/${c.page}`,
  }));
}

export async function toggleTemplate(companyId: number, userId: number, client: Client, sentryId: number, on: boolean): Promise<{ ok: boolean; title: string }> {
  const db = getDb();
  const sentry = await alertsRepo.getSentry(db, companyId, sentryId);
  if (!sentry || !sentry.useAsTemplate || !templateFits(sentry.platform, client)) throw json({ message: "Not available" }, { status: 404 });
  if (on) {
    const cf = await alertsRepo.createConfiguredFor(db, companyId, sentryId, client.dataSource.id);
    if (!cf) return { ok: false, title: sentry.title };
    await assignIfNobody(db, companyId, client.dataSource.id, userId);
    if (cf.created) await evaluateSoon([cf.id]);
    return { ok: true, title: sentry.title };
  }
  const bound = await alertsRepo.listConfiguredFors(db, companyId, { dataSourceId: client.dataSource.id, sentryId });
  for (const b of bound) await alertsRepo.deleteConfiguredFor(db, companyId, b.id);
  return { ok: true, title: sentry.title };
}

/** Posted by a toggle rendered with JavaScript (template-picker.tsx): it stays on the page. */
export const TOGGLE_BY_FETCHER = "fetcher";

const TemplateToggleSchema = z.object({ intent: z.literal("toggle-template"), sentryId: idField(), on: z.enum(["0", "1"]), [TOGGLE_BY_FETCHER]: z.literal("1").optional() });

/**
 * One template toggle of a picker (spec 1 §4, §8), shared by the client's alert list and the
 * onboarding wizard: the outcome's status and the toast to show (null for a malformed post).
 */
export async function applyTemplateToggle(companyId: number, userId: number, client: Client, form: FormData): Promise<{ ok: boolean; status: number; toast: Toast | null; byFetcher: boolean }> {
  const parsed = parseWithZod(form, { schema: TemplateToggleSchema });
  if (parsed.status !== "success") return { ok: false, status: 400, toast: null, byFetcher: false };
  const on = parsed.value.on === "1";
  const byFetcher = parsed.value[TOGGLE_BY_FETCHER] === "1";
  try {
    const { ok, title } = await toggleTemplate(companyId, userId, client, parsed.value.sentryId, on);
    if (!ok) return { ok: false, status: 404, byFetcher, toast: { type: "error", title: `Unable to ${on ? "activate" : "deactivate"} ${title}`, description: "An error occurred. Please try again." } };
    return { ok: true, status: 200, byFetcher, toast: on ? { type: "success", title: `${client.dataSource.name} is now protected by ${title}` } : { type: "success", title: `${title} deactivated on ${client.dataSource.name}` } };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, status: 500, byFetcher, toast: { type: "error", title: `Unable to ${on ? "activate" : "deactivate"} the template`, description: "An error occurred. Please try again." } };
  }
}

/**
 * The reply to a template toggle: with JavaScript (a fetcher) the outcome with its toast; without,
 * a redirect back to the page it was posted from with the toast (so a refresh does not re-post it
 * and the toast shows on this page, not the next one).
 */
export async function templateToggleReply(request: Request, companyId: number, userId: number, client: Client, form: FormData): Promise<Response> {
  const outcome = await applyTemplateToggle(companyId, userId, client, form);
  if (outcome.byFetcher || !outcome.toast) return json({ ok: outcome.ok }, { status: outcome.status, headers: outcome.toast ? await toastHeaders(outcome.toast) : undefined });
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, outcome.toast);
}

/** Company templates with their health (spec 1 §3 template health: accounts, status, last run). */
export async function templatesWithHealth(companyId: number) {
  const db = getDb();
  const [templates, bound] = await Promise.all([companyTemplates(companyId), alertsRepo.listConfiguredFors(db, companyId)]);
  return templates.map((t) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    type: t.type,
    platform: t.platform,
    accounts: bound
      .filter((b) => b.sentryId === t.id)
      .map((b) => ({ dataSourceId: b.dataSourceId, configuredForId: b.id, dataSourceName: b.dataSourceName, status: b.status, lastAnalyze: b.lastAnalyze?.toISOString() ?? null })),
  }));
}

/** A company template of this company, or a 404. */
export async function requireTemplate(companyId: number, id: string | undefined) {
  const sentry = await requireSentry(companyId, id);
  if (!sentry.useAsTemplate) throw json({ message: "Not available" }, { status: 404 });
  return sentry;
}

/** The accounts a template's conditions can be edited on (a preview needs one): monitored clients of a platform it fits. */
export async function templateEditAccounts(companyId: number, platform: string) {
  const db = getDb();
  const [sources, platforms] = await Promise.all([listDataSources(db, companyId), sourcePlatforms(companyId)]);
  return sources
    .filter((s) => {
      const id = platformOf(s, platforms);
      return s.activateAlert && templateFits(platform, { platformId: id, platform: findPlatform(id) });
    })
    .map((s) => ({ id: s.id, name: s.name }));
}

/** Deletes a company template; its activations on accounts (and their results) go with it. */
export async function deleteTemplate(companyId: number, id: number): Promise<{ title: string; accounts: number }> {
  const db = getDb();
  const sentry = await requireTemplate(companyId, String(id));
  const bound = await alertsRepo.listConfiguredFors(db, companyId, { sentryId: sentry.id });
  await alertsRepo.deleteSentry(db, companyId, sentry.id);
  return { title: sentry.title, accounts: bound.length };
}

/** A template made from an alert (a copy; the alert keeps watching its account). */
export async function createTemplateFrom(companyId: number, userId: number, sentryId: number, title: string) {
  const db = getDb();
  const source = await alertsRepo.getSentry(db, companyId, sentryId);
  if (!source) throw json({ message: "Not available" }, { status: 404 });
  return alertsRepo.createSentry(db, companyId, { title, type: source.type, platform: source.platform, definition: source.definition, useAsTemplate: true, createdById: userId });
}
