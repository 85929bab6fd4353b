// The daily alert digest (issue 18): users who chose it (users.alert_email = 'digest') get one
// e-mail a day listing the open anomalies of the accounts they are assigned to, instead of one
// e-mail per change (server/alert-notifications.ts skips them). Once a day per user: the user's
// digest_sent_on moves atomically before the e-mail goes, so overlapping or retried passes send
// nothing twice.
import type { DB } from "../db/connection.js";
import { claimDigest, listDigestUsers, listInbox, type InboxRow } from "../db/repositories/alerts.js";
import type { EntityResult } from "../engine/index.js";
import { anomalyLines, entityListText } from "./alert-notifications.js";
import type { Mail } from "../lib/mail.js";

export type DigestDeps = { db: DB; sendMail: (mail: Mail) => Promise<void>; appUrl: string; now: Date };

/** The digest's subject and text for one user's open anomalies (null when there is none). */
export function digestText(rows: readonly InboxRow[], appUrl: string): { subject: string; text: string } | null {
  if (rows.length === 0) return null;
  const base = appUrl.replace(/\/$/, "");
  const byAlert = new Map<number, InboxRow[]>();
  for (const r of rows) byAlert.set(r.configuredForId, [...(byAlert.get(r.configuredForId) ?? []), r]);
  const accounts = new Set(rows.map((r) => r.dataSourceId)).size;
  const sections = [...byAlert.values()].map((list) => {
    const first = list[0];
    const lines = anomalyLines(list.map((r) => r.lastResult as EntityResult));
    return `${first.title} on ${first.dataSourceName}: ${list.length} in anomaly\n${entityListText(lines, list.length)}\n${base}/clients/${first.dataSourceId}/details/${first.configuredForId}`;
  });
  return {
    subject: `Daily alert digest: ${rows.length} in anomaly on ${accounts} account${accounts === 1 ? "" : "s"}`,
    text: `Open anomalies on the accounts you are assigned to:\n\n${sections.join("\n\n")}\n\nAll anomalies: ${base}/app?tab=inbox`,
  };
}

/** One pass: every digest user not served today gets their digest (or nothing when all is fine). */
export async function sendAlertDigests(deps: DigestDeps): Promise<{ users: number; sent: number; failed: number }> {
  const today = deps.now.toISOString().slice(0, 10);
  const users = await listDigestUsers(deps.db, today);
  let sent = 0;
  let failed = 0;
  for (const user of users) {
    if (!(await claimDigest(deps.db, user.id, today))) continue;
    const digest = digestText(await listInbox(deps.db, user.companyId, { state: "open", assigneeId: user.id }, deps.now), deps.appUrl);
    if (!digest) continue;
    try {
      await deps.sendMail({ to: user.email, ...digest });
      sent++;
    } catch (error) {
      // One bad address must not stop the other digests; the next day's pass tries again.
      failed++;
      console.warn(`[alerts] digest of user ${user.id} not sent: ${(error as Error).message}`);
    }
  }
  return { users: users.length, sent, failed };
}
