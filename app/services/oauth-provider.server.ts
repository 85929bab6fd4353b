// The product as an OAuth2 provider (RFC 6749 authorization code grant with refresh tokens, RFC
// 7009 revocation) for its own Looker Studio connector and the Sheets / Excel add-ons. Codes and
// tokens are random 256-bit strings stored only as SHA-256 digests; a code lives 5 minutes and is
// redeemed once (a replay revokes what it minted); access tokens live an hour, refresh tokens 90
// days and rotate on every use.
import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";
import type { OauthClient } from "../../db/tables/integrations.js";
import { getCompany } from "../../db/repositories/companies.js";
import { getCompanyUser } from "../../db/repositories/users.js";
import {
  consumeOauthCode,
  findOauthClient,
  findTokenByAccessDigest,
  findTokenByRefreshDigest,
  insertOauthCode,
  insertOauthToken,
  revokeOauthToken,
  revokeTokensOfCodeGrant,
  rotateOauthToken,
} from "../../db/repositories/oauth-provider.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";
import { findPlatform } from "../../engine/catalogue/index.js";

export const CODE_TTL_MS = 5 * 60 * 1000;
export const ACCESS_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type AuthorizeRequest = { client: OauthClient; redirectUri: string; state: string | null; platform: string | null };
export type AuthorizeCheck = { ok: true; value: AuthorizeRequest } | { ok: false; status: number; message: string };

const SCRIPT_CALLBACK = /^https:\/\/script\.google\.com\/macros\/d\/([^/]+)\/usercallback$/;

/**
 * Validates an authorization request. Errors here are shown on our own page and never sent to
 * the redirect_uri: a URI that is not registered must not receive anything (RFC 6749 §4.1.2.1).
 */
export async function checkAuthorizeRequest(db: DB, params: URLSearchParams, opts: { platform?: string | null } = {}): Promise<AuthorizeCheck> {
  const clientId = params.get("client_id")?.trim() ?? "";
  if (!clientId) return { ok: false, status: 400, message: "The client_id parameter is required." };
  const client = clientId.length <= 200 ? await findOauthClient(db, clientId) : undefined;
  if (!client) return { ok: false, status: 400, message: "This application is not registered (unknown client_id)." };
  const responseType = params.get("response_type") ?? "code";
  if (responseType !== "code") return { ok: false, status: 400, message: 'Only response_type "code" is supported.' };
  const redirectUri = params.get("redirect_uri") ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : "");
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { ok: false, status: 400, message: "This redirect_uri is not registered for this application." };
  }
  const state = params.get("state");
  if (state !== null && state.length > 2000) return { ok: false, status: 400, message: "The state parameter is too long." };
  const platform = opts.platform ?? platformOfRequest(client, params, redirectUri);
  if (platform && !findPlatform(platform)) return { ok: false, status: 404, message: "You have requested a non existent endpoint." };
  return { ok: true, value: { client, redirectUri, state, platform } };
}

/** Spec 3 §2.8: the platform comes from the route, from askFor, or from the Apps Script id mapped to a platform. */
export function platformOfRequest(client: Pick<OauthClient, "scriptPlatforms">, params: URLSearchParams, redirectUri?: string): string | null {
  const askFor = params.get("askFor")?.trim();
  if (askFor) return askFor;
  const scriptId = params.get("scriptId")?.trim() || (redirectUri ? SCRIPT_CALLBACK.exec(redirectUri)?.[1] : undefined);
  if (scriptId) return client.scriptPlatforms[scriptId] ?? null;
  return null;
}

/** The signed-in user approved: a single-use code, and the URL that hands it to the client. */
export async function issueAuthorizationCode(db: DB, who: { company: Company; user: User }, req: AuthorizeRequest, now = new Date()): Promise<string> {
  const code = randomToken();
  await insertOauthCode(db, who.company.id, {
    codeDigest: tokenDigest(code),
    clientId: req.client.id,
    userId: who.user.id,
    redirectUri: req.redirectUri,
    platform: req.platform,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return redirectWith(req.redirectUri, { code, state: req.state });
}

export function redirectWith(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

// ---------- token endpoint ----------

type TokenError = { error: string; error_description: string };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Pragma: "no-cache", ...headers } });
}

function tokenError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return json({ error, error_description: description } satisfies TokenError, status, headers);
}

async function readParams(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    return new URLSearchParams(Object.entries(body ?? {}).filter(([, v]) => typeof v === "string") as Array<[string, string]>);
  }
  const text = await request.text();
  return new URLSearchParams(text);
}

/** client_secret_basic or client_secret_post (RFC 6749 §2.3.1). */
async function authenticateClient(db: DB, request: Request, params: URLSearchParams): Promise<OauthClient | Response> {
  let clientId = params.get("client_id") ?? "";
  let secret = params.get("client_secret") ?? "";
  const header = request.headers.get("authorization");
  if (header?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const sep = decoded.indexOf(":");
    if (sep > 0) {
      clientId = decodeURIComponent(decoded.slice(0, sep));
      secret = decodeURIComponent(decoded.slice(sep + 1));
    }
  }
  const client = clientId && clientId.length <= 200 ? await findOauthClient(db, clientId) : undefined;
  if (!client || !secret || tokenDigest(secret) !== client.secretDigest) {
    return tokenError(401, "invalid_client", "Unknown client or wrong client secret.", { "WWW-Authenticate": 'Basic realm="signalpost"' });
  }
  return client;
}

async function mint(db: DB, companyId: number, clientId: string, userId: number, now: Date, replace?: number) {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const row = {
    clientId,
    userId,
    accessDigest: tokenDigest(accessToken),
    refreshDigest: tokenDigest(refreshToken),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
  };
  if (replace !== undefined) {
    if (!(await rotateOauthToken(db, companyId, replace, row, now))) return undefined;
  } else {
    await insertOauthToken(db, companyId, row);
  }
  return { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TTL_MS / 1000, refresh_token: refreshToken };
}

/** The common start of the token and revocation endpoints: POST, parameters, client authentication. */
async function clientRequest(request: Request, deps: { db: DB; now?: () => Date }) {
  if (request.method.toUpperCase() !== "POST") return tokenError(405, "invalid_request", "Use POST.");
  const params = await readParams(request);
  const client = await authenticateClient(deps.db, request, params);
  if (client instanceof Response) return client;
  return { db: deps.db, now: deps.now?.() ?? new Date(), params, client };
}

export async function answerTokenRequest(request: Request, deps: { db: DB; now?: () => Date }): Promise<Response> {
  const started = await clientRequest(request, deps);
  if (started instanceof Response) return started;
  const { db, now, params, client } = started;
  const grant = params.get("grant_type");
  if (grant === "authorization_code") {
    const code = params.get("code") ?? "";
    if (!code) return tokenError(400, "invalid_request", "The code parameter is required.");
    const row = await consumeOauthCode(db, tokenDigest(code), now);
    if (!row || row.clientId !== client.id) return tokenError(400, "invalid_grant", "This authorization code is not valid.");
    if (row.usedAt) {
      await revokeTokensOfCodeGrant(db, row.companyId, row.clientId, row.userId, row.usedAt, now);
      return tokenError(400, "invalid_grant", "This authorization code was already used.");
    }
    if (row.expiresAt.getTime() <= now.getTime()) return tokenError(400, "invalid_grant", "This authorization code has expired.");
    if ((params.get("redirect_uri") ?? row.redirectUri) !== row.redirectUri) return tokenError(400, "invalid_grant", "redirect_uri does not match the authorization request.");
    const tokens = await mint(db, row.companyId, client.id, row.userId, now);
    return json(tokens);
  }
  if (grant === "refresh_token") {
    const refresh = params.get("refresh_token") ?? "";
    const row = refresh ? await findTokenByRefreshDigest(db, tokenDigest(refresh)) : undefined;
    if (!row || row.clientId !== client.id || row.revokedAt || row.refreshExpiresAt.getTime() <= now.getTime()) {
      return tokenError(400, "invalid_grant", "This refresh token is not valid.");
    }
    const tokens = await mint(db, row.companyId, client.id, row.userId, now, row.id);
    if (!tokens) return tokenError(400, "invalid_grant", "This refresh token is not valid.");
    return json(tokens);
  }
  return tokenError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
}

/** RFC 7009: always 200 for an authenticated client, whether or not the token existed. */
export async function answerRevokeRequest(request: Request, deps: { db: DB; now?: () => Date }): Promise<Response> {
  const started = await clientRequest(request, deps);
  if (started instanceof Response) return started;
  const { db, now, params, client } = started;
  const token = params.get("token") ?? "";
  if (token) {
    const digest = tokenDigest(token);
    const row = (await findTokenByAccessDigest(db, digest)) ?? (await findTokenByRefreshDigest(db, digest));
    // Another client's token is left alone (and the answer does not say it exists).
    if (row && row.clientId === client.id) await revokeOauthToken(db, row.companyId, row.id, now);
  }
  return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
}

// ---------- bearer authentication for the machine endpoints ----------

export type TokenPrincipal = { company: Company; user: User; clientId: string };

export function unauthorized(message: string): Response {
  return json({ error: { code: "invalid_token", message } }, 401, { "WWW-Authenticate": 'Bearer realm="signalpost", error="invalid_token"' });
}

/** Reads `Authorization: Bearer <token>`. Throws a 401 Response. */
export async function requireBearer(request: Request, db: DB, now = new Date()): Promise<TokenPrincipal> {
  const header = request.headers.get("authorization") ?? "";
  const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
  if (!token) throw unauthorized("Sign in again: no access token was sent.");
  const row = await findTokenByAccessDigest(db, tokenDigest(token));
  if (!row || row.revokedAt || row.accessExpiresAt.getTime() <= now.getTime()) throw unauthorized("Sign in again: this access token is not valid or has expired.");
  const company = await getCompany(db, row.companyId);
  const user = company ? await getCompanyUser(db, company.id, row.userId) : undefined;
  if (!company || !user) throw unauthorized("Sign in again: this access token is not valid or has expired.");
  return { company, user, clientId: row.clientId };
}

/** Mints tokens for a user without a code (the Excel one-click link, claimed once by the add-in). */
export async function mintTokensFor(db: DB, companyId: number, userId: number, clientId: string, now = new Date()) {
  return (await mint(db, companyId, clientId, userId, now))!;
}
