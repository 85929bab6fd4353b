// Monitoring for assistants: the company's configured alerts with their status, why one is in
// anomaly (the alert page's own data, alertDetail, with each condition in words by
// explainCondition: value, threshold, change), and snoozing, with the alert page's rule
// (snoozeEnd). Ids another company owns read as unknown, exactly like ids that do not exist.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getConfiguredFor, listConfiguredFors, listSentries, setSnooze, type ConfiguredFor } from "../../../db/repositories/alerts.js";
import { explainCondition, redact, type EntityResult } from "../../../engine/index.js";
import { alertDetail } from "../alert-detail.server.js";
import { requireClient } from "../alerts.server.js";
import { snoozeEnd } from "../alert-snooze.server.js";
import { addTool, idArg, ToolRefusal, type McpContext } from "./calls.server.js";

const MAX_ENTITIES = 25;
const MAX_POINTS = 60;
const STATUS_FILTERS = ["ANOMALY", "OK", "NO_DATA", "NOT_EVALUATED", "ANY"] as const;
const CONFIRM = z.literal(true).describe("Must be true: set it only once the user has asked for this or agreed to it.");

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function alertSummary(cf: ConfiguredFor, now: Date) {
  return {
    alert_id: cf.id,
    title: cf.sentryTitle,
    type: cf.sentryType,
    account: { id: cf.dataSourceId, name: cf.dataSourceName, platform_account_id: cf.accountId },
    status: cf.status ?? "NOT_EVALUATED",
    entities_in_alert: cf.entityInAlert,
    entities_analyzed: cf.entityAnalyzed,
    last_evaluated_at: iso(cf.lastAnalyze),
    snoozed_until: cf.snoozed && cf.snoozed > now ? cf.snoozed.toISOString() : null,
    error: cf.lastError ? redact(cf.lastError) : null,
  };
}

/** The company's configured alert, or the refusal an unknown id gets. */
async function requireAlert(ctx: McpContext, alertId: number): Promise<ConfiguredFor> {
  const cf = await getConfiguredFor(ctx.db, ctx.principal.company.id, alertId);
  if (!cf) throw new ToolRefusal(`Alert ${alertId} is not one of your company's alerts. Call list_alerts to see their ids.`);
  return cf;
}

type DetailResult = Awaited<ReturnType<typeof alertDetail>>["results"][number];

/** One entity's evaluation as the alert page explains it, the latest series points kept. */
function entityOf(r: DetailResult) {
  const result = (r.result ?? {}) as Partial<EntityResult>;
  const series = result.series ? Object.fromEntries(Object.entries(result.series).map(([metric, points]) => [metric, points.slice(-MAX_POINTS)])) : null;
  return {
    name: r.identifierName,
    identification: r.identifications,
    status: r.status,
    in_anomaly_since: r.anomalySince,
    provisional: result.provisional ? { settles_on: result.settlesOn ?? null } : null,
    conditions: (result.conditions ?? []).map((c) => ({ explanation: explainCondition(c), fired: c.fired, value: c.value, reference: c.reference ?? null, change_percent: c.change ?? null })),
    series,
    pacing: result.pacing ?? null,
  };
}

export function registerAlertTools(server: McpServer, ctx: McpContext): void {
  addTool(server, ctx, {
    name: "list_alerts",
    title: "List alerts",
    description:
      "Lists the company's configured alerts (an alert watching one account) with their status: ANOMALY, OK, NO_DATA, or NOT_EVALUATED yet; and the alert templates. Use explain_alert to see why one is in anomaly.",
    input: {
      status: z.enum(STATUS_FILTERS).default("ANY"),
      account_id: idArg("Only the alerts of this account (an id from list_accounts).").optional(),
    },
    async run({ status, account_id }, { db, principal }) {
      const now = new Date();
      const [configured, templates] = await Promise.all([
        listConfiguredFors(db, principal.company.id, account_id ? { dataSourceId: account_id } : {}),
        listSentries(db, principal.company.id, { useAsTemplate: true }),
      ]);
      const alerts = configured.map((cf) => alertSummary(cf, now)).filter((a) => status === "ANY" || a.status === status);
      const inAnomaly = alerts.filter((a) => a.status === "ANOMALY");
      const lines = inAnomaly.slice(0, 20).map((a) => `- ${a.title} on ${a.account.name} (alert ${a.alert_id}): ${a.entities_in_alert} of ${a.entities_analyzed} in anomaly${a.snoozed_until ? `, snoozed until ${a.snoozed_until.slice(0, 10)}` : ""}`);
      return {
        text: `${alerts.length} alert(s), ${inAnomaly.length} in anomaly.${lines.length ? `\n${lines.join("\n")}` : ""}`,
        data: {
          alerts,
          templates: templates.map((t) => ({ template_id: t.id, title: t.title, type: t.type, platform: t.platform, active_on: configured.filter((c) => c.sentryId === t.id).map((c) => c.dataSourceId) })),
        },
      };
    },
  });

  addTool(server, ctx, {
    name: "explain_alert",
    title: "Explain an alert",
    description:
      "Explains one configured alert as its page does: the condition in words, its state (waiting for a first run, failed, no data, results), and for each entity it watches (account, campaign, ad group) the status, each condition explained with its value and threshold, and the series; anomalies first, with the recent evaluations.",
    input: { alert_id: idArg("An alert id from list_alerts.") },
    async run({ alert_id }, ctx) {
      const cf = await requireAlert(ctx, alert_id);
      const companyId = ctx.principal.company.id;
      const detail = await alertDetail(companyId, await requireClient(companyId, String(cf.dataSourceId)), cf, null);
      const entities = detail.results.slice(0, MAX_ENTITIES).map(entityOf);
      const summary = alertSummary(cf, new Date());
      const why = entities
        .filter((e) => e.status === "ANOMALY")
        .slice(0, 10)
        .map((e) => `- ${e.name}: ${e.conditions.filter((c) => c.fired).map((c) => c.explanation).join("; ") || "in anomaly"}`);
      return {
        text: `${summary.title} on ${summary.account.name} (${detail.summary ?? "alert"}): ${summary.status}, ${summary.entities_in_alert} of ${summary.entities_analyzed} in anomaly${summary.snoozed_until ? `, snoozed until ${summary.snoozed_until.slice(0, 10)}` : ""}.${why.length ? `\n${why.join("\n")}` : ""}`,
        data: {
          alert: summary,
          condition: { summary: detail.summary, level: detail.level, filtered: detail.filtered },
          state: detail.state,
          last_error: detail.lastError ? redact(detail.lastError) : null,
          schedule: detail.schedule,
          entities,
          entities_not_shown: Math.max(0, detail.results.length - entities.length),
          recent_evaluations: detail.runs.slice(0, 5).map((r) => ({ at: r.analyzedAt, status: r.status, entities_in_alert: r.entityInAlert, entities_analyzed: r.entityAnalyzed, message: r.message ? redact(r.message) : null })),
        },
      };
    },
  });

  addTool(server, ctx, {
    name: "snooze_alert",
    title: "Snooze an alert",
    description:
      "ACTION. Snoozes one configured alert until the end of a day (UTC): it keeps being evaluated but notifies nobody until then. Only call this when the user explicitly asked to snooze this alert, or confirmed it after you proposed it, and pass confirm: true.",
    input: {
      alert_id: idArg("An alert id from list_alerts."),
      until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD").describe("The last day of the snooze (YYYY-MM-DD), after today."),
      confirm: CONFIRM,
    },
    action: { idempotent: true, target: ({ alert_id }) => `alert ${alert_id}` },
    async run({ alert_id, until }, ctx) {
      const cf = await requireAlert(ctx, alert_id);
      const end = snoozeEnd(until);
      if (!end.ok) throw new ToolRefusal(`${end.message} (until must be a date after today, YYYY-MM-DD).`);
      if (!(await setSnooze(ctx.db, ctx.principal.company.id, cf.id, end.until))) throw new ToolRefusal(`Alert ${alert_id} is not one of your company's alerts.`);
      return {
        text: `${cf.sentryTitle} on ${cf.dataSourceName} is snoozed until ${until} (end of day, UTC).`,
        data: { alert_id: cf.id, snoozed_until: end.until.toISOString() },
        detail: `snoozed "${cf.sentryTitle}" on ${cf.dataSourceName} until ${until}`,
      };
    },
  });

  addTool(server, ctx, {
    name: "unsnooze_alert",
    title: "Un-snooze an alert",
    description:
      "ACTION. Ends the snooze of one configured alert: it notifies again from its next evaluation. Only call this when the user explicitly asked for it, or confirmed it, and pass confirm: true.",
    input: { alert_id: idArg("An alert id from list_alerts."), confirm: CONFIRM },
    action: { idempotent: true, target: ({ alert_id }) => `alert ${alert_id}` },
    async run({ alert_id }, ctx) {
      const cf = await requireAlert(ctx, alert_id);
      if (!(await setSnooze(ctx.db, ctx.principal.company.id, cf.id, null))) throw new ToolRefusal(`Alert ${alert_id} is not one of your company's alerts.`);
      return {
        text: `${cf.sentryTitle} on ${cf.dataSourceName} is no longer snoozed.`,
        data: { alert_id: cf.id, snoozed_until: null },
        detail: `un-snoozed "${cf.sentryTitle}" on ${cf.dataSourceName}`,
      };
    },
  });
}
