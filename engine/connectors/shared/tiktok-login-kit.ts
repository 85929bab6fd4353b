// TikTok user tokens (Display API and Business API accounts). Login Kit v2 (Display API, open.tiktokapis.com): the code exchange and the refresh post
// `client_key` (not client_id) with the secret to /v2/oauth/token/, so neither is RFC 6749 on the
// wire and the core's refresh cannot do them. Access tokens live 24 hours and refresh tokens 365
// days, and a refresh may hand a new refresh token: each refreshed credential is persisted.
// https://developers.tiktok.com/doc/oauth-user-access-token-management
// Errors: {"data":{},"error":{"code":"access_token_invalid","message":"...","log_id":"..."}}
// https://developers.tiktok.com/doc/tiktok-api-v2-error-handling
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { ConnectorContext, OAuth2CodeExchangeRequest, OAuth2Credential } from "../../core/types.js";
import { sessionClient, type SessionClient } from "./ads-session.js";
import { platformErrors } from "./records.js";

const TOKEN_PATH = "/v2/oauth/token/";
/** Use the stored token only when it has this long left. */
const MARGIN_MS = 5 * 60_000;

const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number().optional(), refresh_token: z.string().optional(), scope: z.string().optional(), open_id: z.string().optional() });

function toCredential(t: z.infer<typeof tokenAnswer>, previous?: OAuth2Credential): OAuth2Credential {
  return {
    type: "oauth2",
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? previous?.refreshToken,
    expiresAt: t.expires_in ? new Date(Date.now() + t.expires_in * 1000).toISOString() : undefined,
    scope: t.scope ?? previous?.scope,
    ...(previous?.options ? { options: previous.options } : {}),
  };
}

/** OAuth2Config.exchangeCode for Login Kit: client_key, client_secret, code, redirect_uri. */
export async function loginKitExchange(request: OAuth2CodeExchangeRequest): Promise<OAuth2Credential> {
  const body = new URLSearchParams({ client_key: request.client.clientId, client_secret: request.client.clientSecret, code: request.code, grant_type: "authorization_code", redirect_uri: request.redirectUri });
  const response = await (request.fetch ?? fetch)(request.tokenUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, signal: request.signal });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const parsed = tokenAnswer.safeParse(data);
  if (!response.ok || !parsed.success) {
    throw new ConnectorError({ kind: "config", platform: "tiktok", status: response.status, message: `TikTok refused the authorization (${String(data.error ?? response.status)}${data.error_description ? `: ${String(data.error_description)}` : ""}). Reconnect the source.` });
  }
  return toCredential(parsed.data);
}

export interface TikTokRefreshed {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

/**
 * API calls with the current TikTok user token: the stored one while it is fresh, else (and after
 * a 401) one minted by `refresh` and handed to onCredentialRefreshed. Display API and Business API
 * (TikTok Organic) accounts differ only in the refresh call and the header carrying the token.
 */
export function tiktokUserSession(opts: {
  platform: string;
  headers(token: string): Record<string, string>;
  refresh(ctx: ConnectorContext, app: { clientId: string; clientSecret: string }, refreshToken: string): Promise<TikTokRefreshed>;
}): SessionClient {
  const { platform } = opts;
  const latest = new WeakMap<object, OAuth2Credential>();
  const client: SessionClient = sessionClient({
    platform,
    async login(ctx: ConnectorContext) {
      const stored = latest.get(ctx.http) ?? ctx.http.credential;
      if (stored.type !== "oauth2") throw new ConnectorError({ kind: "config", platform, message: "TikTok connects with OAuth 2.0. Reconnect the source." });
      const left = stored.expiresAt ? Date.parse(stored.expiresAt) - Date.now() : Infinity;
      if (client.logins(ctx) === 1 && left > MARGIN_MS) return { token: stored.accessToken, expiresIn: Number.isFinite(left) ? Math.floor(left / 1000) : undefined };
      if (!stored.refreshToken || !ctx.app?.clientId || !ctx.app.clientSecret) {
        throw new ConnectorError({ kind: "config", platform, status: 401, message: "TikTok no longer accepts this connection's access token and it cannot be refreshed. Reconnect the source." });
      }
      const answer = await opts.refresh(ctx, { clientId: ctx.app.clientId, clientSecret: ctx.app.clientSecret }, stored.refreshToken);
      const next = toCredential(tokenAnswer.parse(answer), stored);
      latest.set(ctx.http, next);
      await ctx.onCredentialRefreshed?.(next);
      return { token: next.accessToken, expiresIn: answer.expires_in };
    },
    headers: opts.headers,
  });
  return client;
}

/** The Display API session: Bearer header, Login Kit refresh with client_key. */
export function loginKitSession(platform: string): SessionClient {
  return tiktokUserSession({
    platform,
    headers: (token) => ({ authorization: `Bearer ${token}` }),
    refresh: (ctx, app, refreshToken) =>
      ctx.http.json({ method: "POST", url: TOKEN_PATH, auth: false, form: { client_key: app.clientId, client_secret: app.clientSecret, grant_type: "refresh_token", refresh_token: refreshToken } }, tokenAnswer),
  });
}

/** classifyError of a Display API connector. */
export function loginKitErrors(platform: string, displayName: string) {
  return platformErrors({
    platform,
    displayName,
    message: (b) => (b?.error && typeof b.error === "object" ? `${b.error.code}: ${b.error.message ?? ""}` : b?.error ? `${b.error}: ${b.error_description ?? ""}` : undefined),
    reconnect: `Reconnect the ${displayName} source.`,
    isAuthError: (b) => b?.error?.code === "access_token_invalid" || b?.error === "invalid_grant",
  });
}
