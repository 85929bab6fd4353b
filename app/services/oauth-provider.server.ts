// The product as an OAuth2 provider (RFC 6749 authorization code grant with refresh tokens, RFC
// 7009 revocation, RFC 7636 PKCE) for its own Looker Studio connector and the Sheets / Excel
// add-ons. Codes and tokens are random 256-bit strings stored only as SHA-256 digests; a code
// lives 5 minutes and is redeemed once (a replay revokes the grant it started); access tokens live
// an hour, refresh tokens 90 days and rotate on every use, and presenting a rotated refresh token
// again revokes its whole family (the grant, decision 0861). A code issued for a code_challenge is
// only exchanged with its verifier; public clients (no secret) must send one, S256 only. Since
// issue 21 (decision 0910) a code and its grant may name a resource (RFC 8707, the MCP
// endpoint): tokens are then accepted there only, and tokens without one never there.
import { createHash, timingSafeEqual } from "node:crypto";
import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";
import type { OauthClient } from "../../db/tables/integrations.js";
import { getCompany } from "../../db/repositories/companies.js";
import { getCompanyUser } from "../../db/repositories/users.js";
import { consumeOauthCode, findOauthClient, findTokenByAccessDigest, findTokenByRefreshDigest, insertOauthCode } from "../../db/repositories/oauth-provider.js";
import {
  createGrantWithToken,
  findLiveAccessToken,
  revokeGrantOfCode,
  revokeGrantOfToken,
  findGrantResource,
  rotateGrantToken,
  touchGrant,
  type GrantInput,
} from "../../db/repositories/oauth-grants.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";
import { BLENDED_PLATFORM, findPlatform } from "../../engine/index.js";

export const CODE_TTL_MS = 5 * 60 * 1000;
export const ACCESS_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** "Last used" on Connected apps is written at most this often (not on every add-in request). */
const GRANT_TOUCH_MS = 5 * 60 * 1000;

export type AuthorizeRequest = { client: OauthClient; redirectUri: string; state: string | null; platform: string | null; codeChallenge: string | null; resource: string | null };
export type AuthorizeCheck = { ok: true; value: AuthorizeRequest } | { ok: false; status: number; message: string };

const SCRIPT_CALLBACK = /^https:\/\/script\.google\.com\/macros\/d\/([^/]+)\/usercallback$/;

// RFC 7636 §4.1: verifier and challenge share the unreserved alphabet, 43 to 128 characters.
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

/** BASE64URL(SHA256(verifier)), RFC 7636 §4.2. */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/**
 * The PKCE part of an authorization request. Only S256: "plain" sends the verifier itself through
 * the browser, so whoever reads the redirect can redeem the code; a client able to send "plain"
 * can compute a SHA-256 (RFC 7636 §4.2 allows plain only when it cannot). An absent method means
 * plain (§4.3), so it is refused too rather than silently upgraded.
 */
function pkceOf(client: OauthClient, params: URLSearchParams): { ok: true; challenge: string | null } | { ok: false; message: string } {
  const challenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (challenge === null || challenge === "") {
    if (client.public) return { ok: false, message: "This application must use PKCE: send code_challenge with code_challenge_method=S256." };
    if (method) return { ok: false, message: "code_challenge_method was sent without a code_challenge." };
    return { ok: true, challenge: null };
  }
  if (method !== "S256") return { ok: false, message: 'Only code_challenge_method "S256" is accepted (not "plain").' };
  if (!PKCE_VALUE.test(challenge)) return { ok: false, message: "code_challenge must be 43 to 128 characters among A-Z, a-z, 0-9 and - . _ ~." };
  return { ok: true, challenge };
}
/** A resource indicator compared as RFC 8707 URIs are: no fragment, no trailing slash of its own. */
function sameResource(a: string, b: string): boolean {
  const norm = (u: string) => u.trim().replace(/\/+$/, "");
  return norm(a) === norm(b);
}

/**
 * RFC 8707: the one resource this provider issues audience-bound tokens for is the MCP endpoint
 * (`mcpResource`, computed by the caller from the request's public origin). A client that
 * registered itself exists only for it, so it gets it even when it forgets to ask.
 */
function resourceOf(client: OauthClient, params: URLSearchParams, mcpResource: string | undefined): { ok: true; resource: string | null } | { ok: false; message: string } {
  const asked = params.get("resource");
  if (asked === null || asked === "") return { ok: true, resource: client.dynamic && mcpResource ? mcpResource : null };
  if (!mcpResource || !sameResource(asked, mcpResource)) return { ok: false, message: `This application asked for access to ${asked.slice(0, 200)}, which is not a Signalpost service (invalid_target).` };
  return { ok: true, resource: mcpResource };
}

/**
 * Validates an authorization request. Errors here are shown on our own page and never sent to
 * the redirect_uri: a URI that is not registered must not receive anything (RFC 6749 §4.1.2.1).
 */
export async function checkAuthorizeRequest(db: DB, params: URLSearchParams, opts: { platform?: string | null; mcpResource?: string } = {}): Promise<AuthorizeCheck> {
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
  const pkce = pkceOf(client, params);
  if (!pkce.ok) return { ok: false, status: 400, message: pkce.message };
  const resource = resourceOf(client, params, opts.mcpResource);
  if (!resource.ok) return { ok: false, status: 400, message: resource.message };
  const platform = opts.platform ?? platformOfRequest(client, params, redirectUri);
  if (platform && !findPlatform(platform) && platform !== BLENDED_PLATFORM) return { ok: false, status: 404, message: "You have requested a non existent endpoint." };
  return { ok: true, value: { client, redirectUri, state, platform, codeChallenge: pkce.challenge, resource: resource.resource } };
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
    codeChallenge: req.codeChallenge,
    codeChallengeMethod: req.codeChallenge ? "S256" : null,
    resource: req.resource,
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

/**
 * client_secret_basic or client_secret_post (RFC 6749 §2.3.1); a public client by its client_id
 * alone (RFC 6749 §2.1: it cannot keep a secret; PKCE and refresh-token rotation protect it).
 */
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
  if (client?.public) return client;
  if (!client || !secret || !client.secretDigest || tokenDigest(secret) !== client.secretDigest) {
    return tokenError(401, "invalid_client", "Unknown client or wrong client secret.", { "WWW-Authenticate": 'Basic realm="signalpost"' });
  }
  return client;
}

function newTokens(now: Date) {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const row = {
    accessDigest: tokenDigest(accessToken),
    refreshDigest: tokenDigest(refreshToken),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
  };
  const answer = { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TTL_MS / 1000, refresh_token: refreshToken };
  return { row, answer };
}

/** A new grant (a consent's code redeemed, or an add-in link claimed) and its first tokens. */
async function mintGrant(db: DB, companyId: number, grant: GrantInput, now: Date) {
  const { row, answer } = newTokens(now);
  await createGrantWithToken(db, companyId, grant, row);
  return answer;
}

/** RFC 7636 §4.6, compared in constant time. */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(s256Challenge(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** The common start of the token and revocation endpoints: POST, parameters, client authentication. */
async function clientRequest(request: Request, deps: { db: DB; now?: () => Date }) {
  if (request.method.toUpperCase() !== "POST") return tokenError(405, "invalid_request", "Use POST.");
  const params = await readParams(request);
  const client = await authenticateClient(deps.db, request, params);
  if (client instanceof Response) return client;
  return { db: deps.db, now: deps.now?.() ?? new Date(), params, client };
}

/** RFC 8707 §2.2: a token request naming a resource gets tokens for the one its authorization was for, or invalid_target. */
function targetMismatch(params: URLSearchParams, granted: string | null): Response | undefined {
  const asked = params.get("resource");
  if (!asked) return undefined;
  if (granted !== null && sameResource(asked, granted)) return undefined;
  return tokenError(400, "invalid_target", granted ? `This authorization is for ${granted}, not ${asked.slice(0, 200)}.` : "This authorization is not for a resource; send no resource parameter.");
}

export async function answerTokenRequest(request: Request, deps: { db: DB; now?: () => Date }): Promise<Response> {
  const started = await clientRequest(request, deps);
  if (started instanceof Response) return started;
  const { db, now, params, client } = started;
  const grant = params.get("grant_type");
  if (grant === "authorization_code") {
    const code = params.get("code") ?? "";
    if (!code) return tokenError(400, "invalid_request", "The code parameter is required.");
    const codeDigest = tokenDigest(code);
    const row = await consumeOauthCode(db, codeDigest, now);
    if (!row || row.clientId !== client.id) return tokenError(400, "invalid_grant", "This authorization code is not valid.");
    if (row.usedAt) {
      await revokeGrantOfCode(db, row.companyId, codeDigest, now);
      return tokenError(400, "invalid_grant", "This authorization code was already used.");
    }
    if (row.expiresAt.getTime() <= now.getTime()) return tokenError(400, "invalid_grant", "This authorization code has expired.");
    if ((params.get("redirect_uri") ?? row.redirectUri) !== row.redirectUri) return tokenError(400, "invalid_grant", "redirect_uri does not match the authorization request.");
    const verifier = params.get("code_verifier");
    if (row.codeChallenge) {
      if (!verifier) return tokenError(400, "invalid_grant", "This code was issued for a PKCE code_challenge: send its code_verifier.");
      if (!PKCE_VALUE.test(verifier) || !verifierMatches(verifier, row.codeChallenge)) return tokenError(400, "invalid_grant", "code_verifier does not match the code_challenge.");
    } else if (verifier !== null) {
      // OAuth 2.1 §4.1.3: a verifier for a code issued without a challenge is a downgrade attempt.
      return tokenError(400, "invalid_grant", "This code was issued without a code_challenge: do not send a code_verifier.");
    }
    const target = targetMismatch(params, row.resource);
    if (target) return target;
    return json(await mintGrant(db, row.companyId, { userId: row.userId, clientId: client.id, platform: row.platform, via: "consent", codeDigest, resource: row.resource }, now));
  }
  if (grant === "refresh_token") {
    const refresh = params.get("refresh_token") ?? "";
    const row = refresh ? await findTokenByRefreshDigest(db, tokenDigest(refresh)) : undefined;
    if (!row || row.clientId !== client.id) return tokenError(400, "invalid_grant", "This refresh token is not valid.");
    if (row.revokedAt) {
      // A rotated (or revoked) refresh token presented again: it was copied. Whoever holds the
      // newest token of the family may be the thief, so the whole family goes (RFC 9700 §4.14.2).
      await revokeGrantOfToken(db, row, now);
      return tokenError(400, "invalid_grant", "This refresh token was already used or revoked: every token of this authorization is now revoked. Sign in again.");
    }
    if (row.refreshExpiresAt.getTime() <= now.getTime()) return tokenError(400, "invalid_grant", "This refresh token has expired.");
    const target = params.get("resource") ? targetMismatch(params, (await findGrantResource(db, row.companyId, row.grantId)) ?? null) : undefined;
    if (target) return target;
    const { row: next, answer } = newTokens(now);
    if (!(await rotateGrantToken(db, row, next, now))) {
      // Lost a race with a revocation or with another use of the same token: the same reuse.
      await revokeGrantOfToken(db, row, now);
      return tokenError(400, "invalid_grant", "This refresh token is not valid.");
    }
    return json(answer);
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
    // The client signs out: the whole grant goes (RFC 7009 §2.1 lets revoking either token end
    // the grant). Another client's token is left alone (and the answer does not say it exists).
    if (row && row.clientId === client.id) await revokeGrantOfToken(db, row, now);
  }
  return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
}

// ---------- bearer authentication for the machine endpoints ----------

export type TokenPrincipal = { company: Company; user: User; clientId: string; grantId: number };

export function unauthorized(message: string): Response {
  return json({ error: { code: "invalid_token", message } }, 401, { "WWW-Authenticate": 'Bearer realm="signalpost", error="invalid_token"' });
}

/**
 * Reads `Authorization: Bearer <token>`. Throws a 401 Response. `resource` is the audience the
 * endpoint serves (RFC 8707): the MCP endpoint passes its own; the add-in endpoints none, so a
 * token issued for the MCP server is refused there and an add-in's token at /mcp. A deactivated
 * user's tokens stop working with their sign-in.
 */
export async function requireBearer(request: Request, db: DB, now = new Date(), resource: string | null = null): Promise<TokenPrincipal> {
  const header = request.headers.get("authorization") ?? "";
  const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
  if (!token) throw unauthorized("Sign in again: no access token was sent.");
  const row = await findLiveAccessToken(db, tokenDigest(token));
  if (!row || row.accessExpiresAt.getTime() <= now.getTime()) throw unauthorized("Sign in again: this access token is not valid or has expired.");
  const granted = row.resource ?? null;
  if (granted === null ? resource !== null : resource === null || !sameResource(granted, resource)) throw unauthorized("This access token was issued for another service.");
  const company = await getCompany(db, row.companyId);
  const user = company ? await getCompanyUser(db, company.id, row.userId) : undefined;
  if (!company || !user || !user.isActive) throw unauthorized("Sign in again: this access token is not valid or has expired.");
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > GRANT_TOUCH_MS) await touchGrant(db, row.grantId, now);
  return { company, user, clientId: row.clientId, grantId: row.grantId };
}

/** Mints tokens for a user without a code: the add-in claiming, once, a link its user confirmed. */
export async function mintLinkGrant(db: DB, link: { companyId: number; userId: number; platform: string }, clientId: string, now = new Date()) {
  return mintGrant(db, link.companyId, { userId: link.userId, clientId, platform: link.platform, via: "link", codeDigest: null }, now);
}
