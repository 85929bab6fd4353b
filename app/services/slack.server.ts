import { createCookie } from "@remix-run/node";
import { getEnv } from "../../lib/env.js";
import { getSessionSecrets, randomToken } from "../../lib/secrets.js";
import { getSlackClient, SlackApiError, type SlackChannel } from "../../lib/slack/index.js";
import { clearSlack, getCompanySlack, saveSlackInstallation, setSlackChannel } from "../../db/repositories/slack.js";
import { getDb } from "./db.server.js";

export { SlackApiError };

/** The OAuth state and whether the flow runs in the popup, in a short-lived signed cookie. */
const stateCookie = () =>
  createCookie("__sp_slack_oauth", { httpOnly: true, sameSite: "lax", path: "/notifications/slack", maxAge: 600, secrets: getSessionSecrets() });

export function slackRedirectUri(origin: string): string {
  return `${(getEnv().APP_URL ?? origin).replace(/\/$/, "")}/notifications/slack/callback`;
}

export async function beginSlackInstall(companyId: number, origin: string, popup: boolean): Promise<{ url: string; setCookie: string }> {
  const state = randomToken(24);
  const url = getSlackClient().authorizeUrl({ state, redirectUri: slackRedirectUri(origin) });
  return { url, setCookie: await stateCookie().serialize({ state, companyId, popup }) };
}

export type SlackCallbackOutcome = { ok: boolean; popup: boolean; message: string };

export async function finishSlackInstall(request: Request, companyId: number): Promise<SlackCallbackOutcome> {
  const url = new URL(request.url);
  const saved = (await stateCookie().parse(request.headers.get("Cookie"))) as { state?: string; companyId?: number; popup?: boolean } | null;
  const popup = Boolean(saved?.popup);
  if (!saved?.state || saved.state !== url.searchParams.get("state") || saved.companyId !== companyId) {
    return { ok: false, popup, message: "The Slack authorization could not be verified. Please try again." };
  }
  if (url.searchParams.get("error")) return { ok: false, popup, message: "Slack was not connected." };
  const code = url.searchParams.get("code");
  if (!code) return { ok: false, popup, message: "Slack did not send an authorization code." };
  try {
    const installation = await getSlackClient().exchangeCode({ code, redirectUri: slackRedirectUri(url.origin) });
    await saveSlackInstallation(getDb(), companyId, installation);
    return { ok: true, popup, message: `Slack is connected to ${installation.teamName || "your workspace"}.` };
  } catch (error) {
    console.error("slack oauth failed", error);
    return { ok: false, popup, message: "Slack refused the authorization. Please try again." };
  }
}

export async function clearSlackStateCookie(): Promise<string> {
  return stateCookie().serialize("", { maxAge: 0 });
}

export type SlackState =
  | { connected: false }
  | { connected: true; teamName: string; channelId: string | null; channelName: string | null; channels: SlackChannel[]; error: string | null };

export async function slackState(companyId: number): Promise<SlackState> {
  const slack = await getCompanySlack(getDb(), companyId);
  if (!slack) return { connected: false };
  try {
    const channels = await getSlackClient().listChannels(slack.installation.accessToken);
    return { connected: true, teamName: slack.installation.teamName, channelId: slack.channelId, channelName: slack.channelName, channels, error: null };
  } catch (error) {
    const message =
      error instanceof SlackApiError && error.needsReconnect ? "Slack no longer accepts this connection: disconnect and connect again." : "Slack's channel list is unavailable right now.";
    return { connected: true, teamName: slack.installation.teamName, channelId: slack.channelId, channelName: slack.channelName, channels: [], error: message };
  }
}

/** Only a channel the bot can see is accepted (never a free-text id from the form). */
export async function chooseSlackChannel(companyId: number, channelId: string): Promise<"ok" | "not-connected" | "unknown-channel"> {
  const slack = await getCompanySlack(getDb(), companyId);
  if (!slack) return "not-connected";
  const channel = (await getSlackClient().listChannels(slack.installation.accessToken)).find((c) => c.id === channelId);
  if (!channel) return "unknown-channel";
  await setSlackChannel(getDb(), companyId, channel);
  return "ok";
}

export async function sendSlackTest(companyId: number, companyName: string): Promise<"ok" | "no-channel"> {
  const slack = await getCompanySlack(getDb(), companyId);
  if (!slack?.channelId) return "no-channel";
  await getSlackClient().postMessage(slack.installation.accessToken, { channel: slack.channelId, text: `Signalpost notifications for ${companyName} will arrive in this channel.` });
  return "ok";
}

export async function disconnectSlack(companyId: number): Promise<void> {
  const slack = await getCompanySlack(getDb(), companyId);
  if (slack) {
    try {
      await getSlackClient().revoke(slack.installation.accessToken);
    } catch (error) {
      // The token may already be revoked (app uninstalled): the local copy is deleted anyway.
      console.warn("slack revoke failed", error);
    }
  }
  await clearSlack(getDb(), companyId);
}
