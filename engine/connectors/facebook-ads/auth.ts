// Facebook Login hands out a short-lived user token (about two hours) and no refresh token. The
// OAuth return must trade it for a long-lived one (about 60 days) with grant_type
// fb_exchange_token; when that one expires the user reconnects (Graph then answers code 190).
// https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
import { ConnectorError } from "../../core/errors.js";
import { redact } from "../../core/redact.js";
import type { AppCredentials, OAuth2Credential } from "../../core/types.js";
import { PLATFORM } from "./errors.js";

export const GRAPH_VERSION = "v26.0";
export const GRAPH_BASE_URL = `https://graph.facebook.com/${GRAPH_VERSION}`;

export async function exchangeForLongLivedToken(
  app: AppCredentials,
  shortLived: string,
  opts: { baseUrl?: string; fetch?: typeof fetch; now?: Date } = {},
): Promise<OAuth2Credential> {
  if (!app.clientId || !app.clientSecret) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Facebook app id and secret are not configured on this server." });
  }
  const url = new URL(`${opts.baseUrl ?? GRAPH_BASE_URL}/oauth/access_token`);
  url.searchParams.set("grant_type", "fb_exchange_token");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("client_secret", app.clientSecret);
  url.searchParams.set("fb_exchange_token", shortLived);
  const secrets = [app.clientSecret, shortLived];
  const response = await (opts.fetch ?? fetch)(url);
  const text = await response.text();
  const data = (() => {
    try {
      return JSON.parse(text) as { access_token?: string; expires_in?: number };
    } catch {
      return {};
    }
  })();
  if (!response.ok || !data.access_token) {
    throw new ConnectorError({
      kind: response.status >= 500 ? "transient" : "config",
      platform: PLATFORM,
      status: response.status,
      request: { method: "GET", url: redact(url.toString(), secrets) },
      bodyExcerpt: redact(text.slice(0, 300), secrets),
      message: "Facebook refused to extend the login to a long-lived token. Connect the source again.",
    });
  }
  const now = opts.now ?? new Date();
  return {
    type: "oauth2",
    accessToken: data.access_token,
    expiresAt: data.expires_in ? new Date(now.getTime() + data.expires_in * 1000).toISOString() : undefined,
  };
}
