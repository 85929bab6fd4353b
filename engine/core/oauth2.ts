// The OAuth 2.0 authorization-code dance (RFC 6749 §4.1) and refresh (§6), driven by a
// connector's OAuth2Config so the app never knows a platform's URLs.
import { ConnectorError } from "./errors.js";
import { redact } from "./redact.js";
import { OAUTH2_CLIENT_ID_PARAM, type OAuth2Config, type OAuth2Credential } from "./types.js";

export interface OAuth2Client {
  clientId: string;
  clientSecret: string;
}

export function buildAuthorizeUrl(
  config: OAuth2Config,
  opts: { clientId: string; redirectUri: string; state: string; scopes?: string[]; extraParams?: Record<string, string> },
): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", opts.clientId);
  url.searchParams.set("redirect_uri", opts.redirectUri);
  url.searchParams.set("state", opts.state);
  const scopes = opts.scopes ?? config.scopes;
  if (scopes.length > 0) url.searchParams.set("scope", scopes.join(config.scopeSeparator ?? " "));
  for (const [k, v] of Object.entries({ ...config.extraAuthorizeParams, ...opts.extraParams })) {
    url.searchParams.set(k, v === OAUTH2_CLIENT_ID_PARAM ? opts.clientId : v);
  }
  return url.toString();
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  scope?: string;
  error?: string;
  error_description?: string;
}

export interface TokenRequestOptions {
  platform: string;
  client: OAuth2Client;
  /** Overrides config.tokenUrl (fakes in tests). */
  tokenUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  signal?: AbortSignal;
}

async function postToken(
  config: OAuth2Config,
  params: Record<string, string>,
  opts: TokenRequestOptions,
): Promise<TokenResponse> {
  const tokenUrl = opts.tokenUrl ?? config.tokenUrl;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const body = new URLSearchParams(params);
  if (config.clientAuth === "basic") {
    headers.authorization = `Basic ${Buffer.from(`${opts.client.clientId}:${opts.client.clientSecret}`).toString("base64")}`;
  } else {
    body.set("client_id", opts.client.clientId);
    body.set("client_secret", opts.client.clientSecret);
  }
  const secrets = [opts.client.clientSecret, ...Object.values(params)];
  const request = { method: "POST", url: redact(tokenUrl, secrets) };
  let response: Response;
  try {
    response = await (opts.fetch ?? fetch)(tokenUrl, { method: "POST", headers, body, signal: opts.signal });
  } catch (cause) {
    throw new ConnectorError({
      kind: "transient",
      platform: opts.platform,
      message: `Could not reach ${opts.platform}'s sign-in service. Try again in a few minutes.`,
      request,
      cause,
    });
  }
  const text = await response.text();
  let data: TokenResponse;
  try {
    data = JSON.parse(text) as TokenResponse;
  } catch {
    // Some providers (old Facebook, GitHub without Accept) answer form-encoded.
    data = Object.fromEntries(new URLSearchParams(text)) as TokenResponse;
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ConnectorError({
      kind: "transient",
      platform: opts.platform,
      message: `${opts.platform}'s sign-in service is unavailable (HTTP ${response.status}). Try again later.`,
      request,
      status: response.status,
      bodyExcerpt: redact(text.slice(0, 300), secrets),
    });
  }
  if (!response.ok || data.error || !data.access_token) {
    throw new ConnectorError({
      kind: "config",
      platform: opts.platform,
      message:
        `${opts.platform} refused the authorization${data.error ? ` (${data.error}${data.error_description ? `: ${data.error_description}` : ""})` : ""}. ` +
        `Reconnect the source to grant access again.`,
      request,
      status: response.status,
      bodyExcerpt: redact(text.slice(0, 300), secrets),
    });
  }
  return data;
}

function toCredential(data: TokenResponse, previous: OAuth2Credential | undefined, now: Date): OAuth2Credential {
  const expiresIn = data.expires_in === undefined ? undefined : Number(data.expires_in);
  return {
    type: "oauth2",
    accessToken: data.access_token!,
    // Most providers omit refresh_token on refresh: the old one stays valid (RFC 6749 §6).
    refreshToken: data.refresh_token ?? previous?.refreshToken,
    expiresAt:
      expiresIn !== undefined && Number.isFinite(expiresIn) ? new Date(now.getTime() + expiresIn * 1000).toISOString() : undefined,
    scope: data.scope ?? previous?.scope,
    ...(previous?.options ? { options: previous.options } : {}),
  };
}

export async function exchangeCode(
  config: OAuth2Config,
  opts: TokenRequestOptions & { code: string; redirectUri: string },
): Promise<OAuth2Credential> {
  if (config.exchangeCode) {
    return config.exchangeCode({
      client: opts.client,
      code: opts.code,
      redirectUri: opts.redirectUri,
      tokenUrl: opts.tokenUrl ?? config.tokenUrl,
      fetch: opts.fetch,
      now: opts.now,
      signal: opts.signal,
    });
  }
  const data = await postToken(
    config,
    { grant_type: "authorization_code", code: opts.code, redirect_uri: opts.redirectUri },
    opts,
  );
  return toCredential(data, undefined, (opts.now ?? (() => new Date()))());
}

export async function refreshToken(
  config: OAuth2Config,
  credential: OAuth2Credential,
  opts: TokenRequestOptions,
): Promise<OAuth2Credential> {
  if (!credential.refreshToken) {
    throw new ConnectorError({
      kind: "config",
      platform: opts.platform,
      message: `The ${opts.platform} authorization has expired and cannot be renewed automatically. Reconnect the source.`,
    });
  }
  const data = await postToken(config, { grant_type: "refresh_token", refresh_token: credential.refreshToken }, opts);
  return toCredential(data, credential, (opts.now ?? (() => new Date()))());
}

/** True when the token expires within `marginMs` (refresh ahead instead of eating a 401). */
export function expiresSoon(credential: OAuth2Credential, now: Date, marginMs = 60_000): boolean {
  if (!credential.expiresAt) return false;
  const at = Date.parse(credential.expiresAt);
  return Number.isFinite(at) && at - now.getTime() <= marginMs;
}
