// The anomaly inbox on the home page (issue 18): every entity in anomaly across the company's
// clients, with its alert, kind, since when, the account's assignees, filters in the URL, and
// inline Snooze (the alert on that account) and Assign (a user to the account). Plain GET filters
// and POST forms, so it works without JavaScript; both answer with a redirect back and a toast.
import { json } from "@remix-run/node";
import { z } from "zod";
import { resultState, explainCondition, type EntityResult } from "../../engine/index.js";
import { alertsRepo, companyUsers } from "./alerts.server.js";
import { getDb } from "./db.server.js";
import { requireUser } from "./session.server.js";
import { redirectWithToast } from "./toast.server.js";
import { listDataSources } from "../../db/repositories/data-sources.js";
import { idField } from "../../lib/ids.js";
import { readForm, safeParseForm } from "./request-input.server.js";

export const KIND_LABELS: Record<string, string> = { metric: "Metric", kpi: "Configuration", pacing: "Pacing", objective: "Objective" };
/** Inline snooze choices, in days. */
export const SNOOZE_DAYS = [1, 3, 7] as const;

const FilterSchema = z.object({
  state: z.enum(["open", "snoozed", "all"]).catch("open"),
  kind: z.enum(["metric", "kpi", "pacing", "objective"]).optional().catch(undefined),
  client: idField().optional().catch(undefined),
  assignee: z.union([z.literal("nobody"), idField()]).optional().catch(undefined),
});
export type InboxFilters = z.infer<typeof FilterSchema>;

/** The inbox's filters from the URL: anything malformed falls back to "all" of that filter. */
export function inboxFilters(url: URL): InboxFilters {
  const get = (k: string) => url.searchParams.get(k) || undefined;
  return FilterSchema.parse({ state: get("state") ?? "open", kind: get("kind"), client: get("client"), assignee: get("assignee") });
}

export async function inboxData(companyId: number, url: URL, now = new Date()) {
  const db = getDb();
  const filters = inboxFilters(url);
  const [rows, users, clients] = await Promise.all([
    alertsRepo.listInbox(db, companyId, { state: filters.state, kind: filters.kind, dataSourceId: filters.client, assigneeId: filters.assignee }, now),
    companyUsers(companyId),
    listDataSources(db, companyId),
  ]);
  const assignees = await alertsRepo.listAssigneesOf(db, companyId, rows.map((r) => r.dataSourceId));
  return {
    filters,
    users,
    clients: clients.filter((c) => c.activateAlert).map((c) => ({ id: c.id, name: c.name })),
    rows: rows.map((r) => {
      const result = r.lastResult as EntityResult;
      return {
        resultId: r.resultId,
        configuredForId: r.configuredForId,
        dataSourceId: r.dataSourceId,
        client: r.dataSourceName,
        title: r.title,
        kind: KIND_LABELS[r.type] ?? r.type,
        entity: r.identifierName,
        detail: (result.conditions ?? []).filter((c) => c.fired).map(explainCondition).join("; "),
        note: resultState(result).note,
        since: (r.anomalySince ?? r.lastAnalyze).toISOString(),
        snoozed: r.snoozed && r.snoozed > now ? r.snoozed.toISOString() : null,
        assignees: (assignees.get(r.dataSourceId) ?? []).map((a) => ({ id: a.id, name: [a.firstName, a.lastName].filter(Boolean).join(" ") || a.email })),
      };
    }),
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("inbox-snooze"),
    configuredForId: idField(),
    days: z.coerce.number().refine((d) => (SNOOZE_DAYS as readonly number[]).includes(d), "Choose how long to snooze"),
  }),
  z.object({ intent: z.literal("inbox-unsnooze"), configuredForId: idField() }),
  z.object({ intent: z.literal("inbox-assign"), configuredForId: idField(), userId: idField("Choose someone to assign") }),
]);

/** The home page's action: inline snooze and assign, then back to the same inbox view with a toast; bad input is a 400 that writes nothing. */
export async function inboxAction(request: Request): Promise<Response> {
  const { company } = await requireUser(request);
  const parsed = safeParseForm(await readForm(request), ActionSchema);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (!parsed.success) return json({ inboxError: parsed.error.issues[0]?.message ?? "This form cannot be sent here." }, { status: 400 });
  const db = getDb();
  const cf = await alertsRepo.getConfiguredFor(db, company.id, parsed.data.configuredForId);
  if (!cf) throw json({ message: "Not available" }, { status: 404 });
  switch (parsed.data.intent) {
    case "inbox-snooze": {
      const until = new Date(Date.now() + parsed.data.days * 86_400_000);
      const day = until.toISOString().slice(0, 10);
      await alertsRepo.setSnooze(db, company.id, cf.id, new Date(`${day}T23:59:59.000Z`));
      return redirectWithToast(back, { type: "success", title: `${cf.sentryTitle} on ${cf.dataSourceName} snoozed until ${day}` });
    }
    case "inbox-unsnooze":
      await alertsRepo.setSnooze(db, company.id, cf.id, null);
      return redirectWithToast(back, { type: "success", title: `${cf.sentryTitle} on ${cf.dataSourceName} un-snoozed` });
    case "inbox-assign": {
      if (!(await alertsRepo.addAssignee(db, company.id, cf.dataSourceId, parsed.data.userId))) throw json({ message: "Not available" }, { status: 404 });
      return redirectWithToast(back, { type: "success", title: `Assigned to ${cf.dataSourceName}` });
    }
  }
}
