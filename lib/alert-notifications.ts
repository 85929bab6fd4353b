// Alert notifications (issue 7): on a status change to anomaly, and back to fine, the account's
// assignees get an e-mail (lib/mail.ts) and the company's Slack channel a message (the shared
// client of lib/slack). Once per change: claimNotification moves the configured alert's notified
// status atomically, so concurrent or retried evaluations send nothing twice. Snoozed alerts
// are evaluated but do not notify; their change is notified when the snooze ends (if it lasts).
import type { DB } from "../db/connection.js";
import { claimNotification, listAssignees, recordNotification } from "../db/repositories/alerts.js";
import { getCompanySlack } from "../db/repositories/slack.js";
import type { AlertStatusValue } from "../db/tables/alerts.js";
import type { Mail } from "./mail.js";

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

export function notificationText(change: Pick<StatusChange, "title" | "dataSourceName" | "status" | "entityInAlert" | "entityAnalyzed">, link: string): { subject: string; text: string } {
  if (change.status === "ANOMALY") {
    return {
      subject: `Anomaly detected: ${change.title} on ${change.dataSourceName}`,
      text: `${change.title} found an anomaly on ${change.dataSourceName}: ${change.entityInAlert} in anomaly on ${change.entityAnalyzed} analysed.\n\nSee the details: ${link}`,
    };
  }
  return {
    subject: `Everything fine: ${change.title} on ${change.dataSourceName}`,
    text: `${change.title} is back to normal on ${change.dataSourceName}: no anomaly on ${change.entityAnalyzed} analysed.\n\nSee the details: ${link}`,
  };
}

export async function notifyStatusChange(deps: NotifierDeps, change: StatusChange): Promise<{ sent: number; skipped?: string }> {
  const now = deps.now?.() ?? new Date();
  if (change.snoozed && change.snoozed > now) return { sent: 0, skipped: "snoozed" };
  // Only a real change notifies; the first run's OK is recorded silently.
  if (!shouldNotify(change.notifiedStatus, change.status)) {
    if (change.notifiedStatus === null && change.status === "OK") await claimNotification(deps.db, change.companyId, change.configuredForId, change.status);
    return { sent: 0, skipped: "no change" };
  }
  const claimed = await claimNotification(deps.db, change.companyId, change.configuredForId, change.status);
  if (!claimed) return { sent: 0, skipped: "already notified" };
  const link = `${deps.appUrl.replace(/\/$/, "")}/clients/${change.dataSourceId}/details/${change.configuredForId}`;
  const { subject, text } = notificationText(change, link);
  let sent = 0;
  const record = (channel: "email" | "slack", recipient: string, error?: unknown) =>
    recordNotification(deps.db, { companyId: change.companyId, configuredForId: change.configuredForId, status: change.status, channel, recipient, error: error ? String((error as Error).message ?? error) : null });
  for (const user of await listAssignees(deps.db, change.companyId, change.dataSourceId)) {
    try {
      await deps.sendMail({ to: user.email, subject, text });
      sent++;
      await record("email", user.email);
    } catch (error) {
      // Recorded, not rethrown: one bad address must not stop the others or the Slack message.
      await record("email", user.email, error);
    }
  }
  const slack = await getCompanySlack(deps.db, change.companyId);
  if (slack?.channelId) {
    try {
      await deps.postSlack(slack.installation.accessToken, { channel: slack.channelId, text: `${change.status === "ANOMALY" ? ":red_circle:" : ":large_green_circle:"} ${subject}\n${link}` });
      sent++;
      await record("slack", slack.channelName ?? slack.channelId);
    } catch (error) {
      // Recorded on the notification row; a revoked token shows on the Slack settings page.
      await record("slack", slack.channelName ?? slack.channelId, error);
    }
  }
  return { sent };
}
