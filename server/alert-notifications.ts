// Alert notifications (issue 7): on a status change to anomaly, and back to fine, the account's
// assignees get an e-mail (lib/mail.ts) and the company's Slack channel a message (the shared
// client of lib/slack). Once per change: claimNotifications moves the configured alert's notified
// status atomically (claimNotifications), so concurrent or retried evaluations send nothing twice. Snoozed alerts
// are evaluated but do not notify; their change is notified when the snooze ends (if it lasts).
// Issue 18: messages list the entities in anomaly with their values (engine/alerts/explain.ts);
// assignees who chose the daily digest get no message per change (server/alert-digest.ts).
import type { DB } from "../db/connection.js";
import { claimNotifications, listAssigneesOf, recordNotifications, type NotificationRecord } from "../db/repositories/alerts.js";
import { getCompanySlack } from "../db/repositories/slack.js";
import type { AlertStatusValue } from "../db/tables/alerts.js";
import type { Mail } from "../lib/mail.js";
import { explainCondition, resultState, type EntityResult } from "../engine/index.js";

/** An entity in anomaly as a message lists it: its name and the sentence of its fired condition. */
export type EntityLine = { name: string; detail: string; provisional?: string | null };

/** The entities in anomaly of some results as messages list them: each with its fired conditions. */
export function anomalyLines(results: readonly Pick<EntityResult, "identifierName" | "status" | "conditions" | "provisional" | "settlesOn">[]): EntityLine[] {
  return results
    .filter((r) => r.status === "ANOMALY")
    .map((r) => ({ name: r.identifierName, detail: r.conditions.filter((c) => c.fired).map(explainCondition).join("; "), provisional: resultState(r).note }));
}

/** Entities a message lists before "and N more". */
export const MESSAGE_ENTITY_LIMIT = 10;

export type StatusChange = {
  companyId: number;
  configuredForId: number;
  dataSourceId: number;
  dataSourceName: string;
  title: string;
  status: AlertStatusValue;
  entityInAlert: number;
  entityAnalyzed: number;
  snoozed: Date | null;
  notifiedStatus: AlertStatusValue | null;
  /** The entities in anomaly (ANOMALY changes), most telling first. */
  entities?: EntityLine[];
};

export type NotifierDeps = {
  db: DB;
  sendMail: (mail: Mail) => Promise<void>;
  postSlack: (token: string, message: { channel: string; text: string }) => Promise<unknown>;
  appUrl: string;
  now?: () => Date;
};

/** Which changes notify: into ANOMALY from anything, and from ANOMALY back to OK. */
export function shouldNotify(previous: AlertStatusValue | null, next: AlertStatusValue | null): boolean {
  if (next === null || previous === next) return false;
  return next === "ANOMALY" || (next === "OK" && previous === "ANOMALY");
}

/** "- Brand search: Clicks yesterday 2,055 vs 1,031/day average ... (provisional until 21 Nov)", then "and N more". */
export function entityListText(entities: readonly EntityLine[], total: number): string {
  const shown = entities.slice(0, MESSAGE_ENTITY_LIMIT).map((e) => `- ${e.name}: ${e.detail}${e.provisional ? ` (${e.provisional.charAt(0).toLowerCase()}${e.provisional.slice(1)})` : ""}`);
  const more = total - shown.length;
  return [...shown, ...(more > 0 ? [`- and ${more} more`] : [])].join("\n");
}

export function notificationText(change: Pick<StatusChange, "title" | "dataSourceName" | "status" | "entityInAlert" | "entityAnalyzed" | "entities">, link: string): { subject: string; text: string } {
  if (change.status === "ANOMALY") {
    const list = change.entities?.length ? `\n\n${entityListText(change.entities, change.entityInAlert)}` : "";
    return {
      subject: `Anomaly detected: ${change.title} on ${change.dataSourceName}`,
      text: `${change.title} found an anomaly on ${change.dataSourceName}: ${change.entityInAlert} in anomaly on ${change.entityAnalyzed} analysed.${list}\n\nSee the details: ${link}`,
    };
  }
  return {
    subject: `Everything fine: ${change.title} on ${change.dataSourceName}`,
    text: `${change.title} is back to normal on ${change.dataSourceName}: no anomaly on ${change.entityAnalyzed} analysed.\n\nSee the details: ${link}`,
  };
}

/**
 * Notifies the changes of one evaluation batch: snoozed alerts and non-changes are skipped, the
 * rest are claimed in one statement (once per change, whoever runs concurrently), then each
 * company's assignees get their e-mails and its Slack channel its messages. Answers how many
 * messages went out per configured alert.
 */
export async function notifyStatusChanges(deps: NotifierDeps, changes: StatusChange[]): Promise<Map<number, number>> {
  const now = deps.now?.() ?? new Date();
  const sentBy = new Map<number, number>();
  const due = changes.filter((c) => !(c.snoozed && c.snoozed > now) && shouldNotify(c.notifiedStatus, c.status));
  const claimed = await claimNotifications(deps.db, due);
  const byCompany = new Map<number, StatusChange[]>();
  for (const c of due) if (claimed.has(c.configuredForId)) byCompany.set(c.companyId, [...(byCompany.get(c.companyId) ?? []), c]);
  const records: NotificationRecord[] = [];
  for (const [companyId, list] of byCompany) {
    const assignees = await listAssigneesOf(deps.db, companyId, list.map((c) => c.dataSourceId));
    const slack = await getCompanySlack(deps.db, companyId);
    for (const change of list) {
      const link = `${deps.appUrl.replace(/\/$/, "")}/clients/${change.dataSourceId}/details/${change.configuredForId}`;
      const { subject, text } = notificationText(change, link);
      let sent = 0;
      const record = (channel: "email" | "slack", recipient: string, error?: unknown) =>
        records.push({ companyId, configuredForId: change.configuredForId, status: change.status, channel, recipient, error: error ? String((error as Error).message ?? error) : null });
      // Assignees on the daily digest read it there (server/alert-digest.ts), not once per change.
      for (const user of (assignees.get(change.dataSourceId) ?? []).filter((u) => u.alertEmail !== "digest")) {
        try {
          await deps.sendMail({ to: user.email, subject, text });
          sent++;
          record("email", user.email);
        } catch (error) {
          // Recorded, not rethrown: one bad address must not stop the others or the Slack message.
          record("email", user.email, error);
        }
      }
      if (slack?.channelId) {
        try {
          const list = change.status === "ANOMALY" && change.entities?.length ? `\n${entityListText(change.entities, change.entityInAlert)}` : "";
          await deps.postSlack(slack.installation.accessToken, { channel: slack.channelId, text: `${change.status === "ANOMALY" ? ":red_circle:" : ":large_green_circle:"} ${subject}${list}\n${link}` });
          sent++;
          record("slack", slack.channelName ?? slack.channelId);
        } catch (error) {
          // Recorded on the notification row; a revoked token shows on the Slack settings page.
          record("slack", slack.channelName ?? slack.channelId, error);
        }
      }
      sentBy.set(change.configuredForId, sent);
    }
  }
  await recordNotifications(deps.db, records);
  return sentBy;
}
