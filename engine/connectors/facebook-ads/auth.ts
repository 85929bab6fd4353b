// Facebook Login hands out a short-lived user token (one to two hours) and no refresh token; the
// product must trade it for a long-lived one (about 60 days) with grant_type fb_exchange_token.
// The app's generic OAuth return stores the short-lived token, so the connector upgrades it on
// its first call and hands the new one to onCredentialRefreshed. When a long-lived token expires
// the user reconnects (Graph then answers code 190).
// https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { ConnectorError } from "../../core/errors.js";
import type { HttpClient } from "../../core/http-types.js";
import type { AppCredentials, ConnectorContext, OAuth2Credential } from "../../core/types.js";
import { PLATFORM } from "./errors.js";

export { GRAPH_BASE_URL, GRAPH_VERSION } from "../shared/meta-graph.js";

/** Tokens closer than this to their expiry are short-lived ones worth upgrading. */
const SHORT_LIVED_MS = 24 * 60 * 60_000;

const exchanged = z.object({ access_token: z.string(), token_type: z.string().optional(), expires_in: z.number().optional() });

export async function exchangeForLongLivedToken(http: HttpClient, app: AppCredentials | undefined, shortLived: string, now = new Date()): Promise<OAuth2Credential> {
  if (!app?.clientId || !app.clientSecret) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Facebook app id and secret are not configured on this server." });
  }
  const data = await http.json(
    { url: "/oauth/access_token", auth: false, query: { grant_type: "fb_exchange_token", client_id: app.clientId, client_secret: app.clientSecret, fb_exchange_token: shortLived } },
    exchanged,
  );
  return {
    type: "oauth2",
    accessToken: data.access_token,
    expiresAt: data.expires_in ? new Date(now.getTime() + data.expires_in * 1000).toISOString() : undefined,
  };
}

/**
 * Upgrades a short-lived token once per context and persists the long-lived one. The current
 * calls keep the short-lived token, which is still valid; a failed upgrade is only logged, because
 * the read itself can still succeed with it.
 */
export function ensureLongLivedToken(ctx: ConnectorContext, now = new Date()): Promise<void> {
  const credential = ctx.http.credential;
  if (credential.type !== "oauth2" || !credential.expiresAt || !ctx.onCredentialRefreshed) return Promise.resolve();
  if (Date.parse(credential.expiresAt) - now.getTime() > SHORT_LIVED_MS) return Promise.resolve();
  return memoForContext(ctx, "facebook-long-lived-token", async () => {
    try {
      // Pre-redirect form options (the public-data connectors' page lists) stay with the token.
      const upgraded = { ...(await exchangeForLongLivedToken(ctx.http, ctx.app, credential.accessToken, now)), ...(credential.options ? { options: credential.options } : {}) };
      await ctx.onCredentialRefreshed!(upgraded);
      ctx.log?.info("facebook token upgraded to a long-lived token", { expiresAt: upgraded.expiresAt });
    } catch (error) {
      ctx.log?.warn("facebook long-lived token exchange failed", { error });
    }
  });
}
