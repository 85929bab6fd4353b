import type { DB } from "../connection.js";
import { decryptJson, encryptJson } from "../../lib/secrets.js";
import type { SlackInstallation } from "../../lib/slack/client.js";

/**
 * A company's Slack connection (spec 3 §3 slackNotificationAuthorization): the bot token is
 * encrypted at rest (AES-256-GCM, lib/secrets.ts); the chosen channel is kept in clear.
 */
export type CompanySlack = { installation: SlackInstallation; channelId: string | null; channelName: string | null };

export async function saveSlackInstallation(db: DB, companyId: number, installation: SlackInstallation): Promise<void> {
  await db
    .updateTable("companies")
    .set({ slackAuthorizationEncrypted: encryptJson(installation), slackChannelId: null, slackChannelName: null })
    .where("id", "=", companyId)
    .execute();
}

/** What alert notifications (issue 7) read: null when Slack is not connected. */
export async function getCompanySlack(db: DB, companyId: number): Promise<CompanySlack | null> {
  const row = await db
    .selectFrom("companies")
    .select(["slackAuthorizationEncrypted", "slackChannelId", "slackChannelName"])
    .where("id", "=", companyId)
    .executeTakeFirst();
  if (!row?.slackAuthorizationEncrypted) return null;
  return { installation: decryptJson<SlackInstallation>(row.slackAuthorizationEncrypted), channelId: row.slackChannelId, channelName: row.slackChannelName };
}

export async function setSlackChannel(db: DB, companyId: number, channel: { id: string; name: string }): Promise<void> {
  await db.updateTable("companies").set({ slackChannelId: channel.id, slackChannelName: channel.name }).where("id", "=", companyId).execute();
}

export async function clearSlack(db: DB, companyId: number): Promise<void> {
  await db.updateTable("companies").set({ slackAuthorizationEncrypted: null, slackChannelId: null, slackChannelName: null }).where("id", "=", companyId).execute();
}
