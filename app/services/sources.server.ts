// Sources (network authorizations): connect a platform (OAuth 2.0, OAuth 1.0a or a credential
// form), cache its accounts, activate, block and delete them. Routes call this; this calls the
// engine (catalogue, connectors, OAuth helpers) and the repositories. Nothing here is per
// platform: everything comes from the catalogue entry and the connector's oauth2/oauth1 blocks.
import { getDb } from "./db.server.js";
import { removeJobsReadingSource, removeJobsWithoutAccounts, syncJobsOfAccount } from "./data-streams.server.js";
import { platformDisplayName } from "./platform-names.server.js";
export { platformDisplayName };
import { outboundGuard } from "../../lib/outbound/guard.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";
import * as sourcesRepo from "../../db/repositories/network-authorizations.js";
import * as dataSourcesRepo from "../../db/repositories/data-sources.js";
import type { DB } from "../../db/connection.js";
import type { AvailableAccount, Company, DataSource, NetworkAuthorization, User } from "../../db/schema.js";
import type { SourceConnectAttempt } from "../../db/tables/sources.js";
import { buildCredentialFromForm, findPlatform, listPlatforms, type Platform, getConnector, appCredentialsFromEnv, envPrefix, createConnectorContext, credentialMethods, parseCredential, EngineError, ConnectorError, networkCode, outboundRefusal, buildAuthorizeUrl, exchangeCode, buildOAuth1AuthorizeUrl, exchangeVerifier, getRequestToken, type Account, type AppCredentials, type ApiKeyCredential, type Connector, type ConnectorContext, type Credential } from "../../engine/index.js";
import { sourceBadge, type SourceBadge } from "~/utils/source-status";
import { SOURCE_MESSAGES } from "~/utils/sources";
import { platformEnv, publicOrigin } from "../../lib/env.js";

/** How long a "Connect your account" stays valid: long enough to sign in at the platform. */
export const CONNECT_ATTEMPT_TTL_MS = 15 * 60 * 1000;
export const OAUTH_RESPONSE_PATH = (platform: string) => `/oauth2/authorize/${platform}/response`;

export { SOURCE_MESSAGES, GOOGLE_DATA_STUDIO, SOURCE_TABS } from "~/utils/sources";

/**
 * A user-facing failure of a sources flow: a title and a message for a banner or toast, and the
 * HTTP status the route answers with. Never carries secrets.
 */
export class SourceFlowError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly status = 400,
    /** What went wrong, for the screen's wording: the platform refused the credentials, could not be reached, or failed. */
    readonly kind: "refused" | "unreachable" | "unavailable" | "invalid" | "other" = "other",
    /** The platform's own words, already free of secrets. */
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = "SourceFlowError";
  }
}

const NETWORK_WORDS: Record<string, string> = {
  ENOTFOUND: "no server has this name",
  EAI_AGAIN: "its name could not be looked up",
  EAI_FAIL: "its name could not be looked up",
  ECONNREFUSED: "the server refused the connection",
  ECONNRESET: "the server closed the connection",
  EHOSTUNREACH: "the server cannot be reached from here",
  ENETUNREACH: "the server cannot be reached from here",
};

/**
 * A failed credential check in the user's words (issue 19): the platform refused these
 * credentials, or we could not reach it (and where, and why), or it failed on its side. Nothing is
 * retried after a form: the engine's "will be retried" is for scheduled runs and is cut.
 */
export function credentialCheckFailure(platform: Pick<Platform, "displayName">, error: unknown): SourceFlowError {
  const name = platform.displayName;
  const said = error instanceof EngineError ? error.message.replace(/\s*The extraction will be retried( later)?\.?/g, "").trim() : null;
  const host = (() => {
    const url = error instanceof ConnectorError ? error.request?.url : undefined;
    try {
      return url ? new URL(url).host : undefined;
    } catch {
      return undefined;
    }
  })();
  const at = host ? ` at ${host}` : "";
  const refusedAddress = outboundRefusal(error);
  if (refusedAddress) return new SourceFlowError(`We could not reach ${name}${at}`, `${refusedAddress.message} Check the address you typed. Nothing was saved.`, 400, "unreachable", null);
  const code = networkCode(error);
  // A request that got no HTTP answer at all: the platform was not reached.
  const noAnswer = error instanceof ConnectorError && error.kind === "transient" && error.request !== undefined && error.status === undefined;
  if (code || noAnswer) {
    const timedOut = error instanceof ConnectorError && /did not answer in time/.test(error.message);
    const why = timedOut ? "it did not answer in time" : code ? (NETWORK_WORDS[code] ?? `the connection failed (${code})`) : "the connection failed";
    return new SourceFlowError(`We could not reach ${name}${at}`, `We could not reach ${name}${at}: ${why}. Check the address you typed, then try again. Nothing was saved.`, 400, "unreachable", null);
  }
  if (error instanceof ConnectorError && error.kind === "config" && !error.request && error.status === undefined) {
    // The connector turned the values down before asking the platform (a malformed URL, a key of the wrong shape).
    return new SourceFlowError("Check what you entered", `${said ?? "One of the values is not in the form expected."} Nothing was saved.`, 400, "invalid", null);
  }
  if (error instanceof ConnectorError && error.kind === "config") {
    return new SourceFlowError(`${name} refused these credentials`, `${name} did not accept what you entered. Check that you copied each value whole, from the right account, and that the key may read data. Nothing was saved.`, 400, "refused", said);
  }
  if (error instanceof EngineError && !(error instanceof ConnectorError)) return new SourceFlowError("Check what you entered", `${said ?? ""} Nothing was saved.`.trim(), 400, "invalid", null);
  return new SourceFlowError(`${name} did not answer properly`, `${name} had a problem answering us: it may be a temporary problem on their side. Try again in a few minutes. Nothing was saved.`, 502, "unavailable", said);
}

export class ComingSoonError extends SourceFlowError {
  constructor(platform: Platform) {
    super("Coming soon", `The ${platform.displayName} connector is coming soon: this source cannot be connected yet.`, 400);
    this.name = "ComingSoonError";
  }
}

// --- environment: the product's OAuth apps and base-URL overrides (docs/sources-oauth.md) -------

type Env = Record<string, string | undefined>;

export type ConnectorSettings = {
  app: AppCredentials;
  /** {PLATFORM}_BASE_URL: the connector's API (a fake in tests). */
  apiBaseUrl?: string;
  /** {PLATFORM}_OAUTH_BASE_URL: origin of the OAuth endpoints (authorize, token, request token). */
  oauthBaseUrl?: string;
};

export function connectorSettings(platform: string, env: Env = platformEnv()): ConnectorSettings {
  const { extra, ...app } = appCredentialsFromEnv(platform, env);
  const { baseUrl, oauthBaseUrl, ...platformExtra } = extra ?? {};
  return { app: { ...app, extra: platformExtra }, apiBaseUrl: baseUrl, oauthBaseUrl };
}

/** Moves an endpoint onto another origin, keeping its path and query (fakes, sandboxes). */
export function rebaseUrl(url: string, base: string | undefined): string {
  if (!base) return url;
  const original = new URL(url);
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/$/, "");
  return new URL(`${prefix}${original.pathname}${original.search}`, target.origin).toString();
}


function requireAppCredentials(platform: Platform, settings: ConnectorSettings): { clientId: string; clientSecret: string } {
  const { clientId, clientSecret } = settings.app;
  if (!clientId || !clientSecret) {
    throw new SourceFlowError(
      SOURCE_MESSAGES.addAuthorizationFailedTitle,
      SOURCE_MESSAGES.addAuthorizationFailed(platform.displayName, [
        `The ${platform.displayName} application is not configured on this server (${envPrefix(platform.id)}_CLIENT_ID and ${envPrefix(platform.id)}_CLIENT_SECRET).`,
      ]),
      503,
    );
  }
  return { clientId, clientSecret };
}

// --- connector calls ------------------------------------------------------------------------

export type ConnectorDeps = { getConnector: (platform: string) => Connector; env: Env };
const defaultDeps = (): ConnectorDeps => ({ getConnector, env: platformEnv() });

function contextFor(
  connector: Connector,
  credential: Credential,
  settings: ConnectorSettings,
  onCredentialRefreshed?: (c: Credential) => Promise<void>,
): ConnectorContext {
  return createConnectorContext(connector, {
    credential,
    app: settings.app,
    baseUrl: settings.apiBaseUrl,
    // Token refreshes go where the OAuth endpoints are when those are moved too.
    tokenUrl: connector.oauth2 && settings.oauthBaseUrl ? rebaseUrl(connector.oauth2.tokenUrl, settings.oauthBaseUrl) : undefined,
    onCredentialRefreshed,
    timeoutMs: 20_000,
    retry: { retries: 1 },
    // Store and site URLs on the connect forms are the tenant's (decision 0840).
    fetch: outboundGuard().fetch,
  });
}

/** The message of an engine failure as a user can read it (already redacted by the engine). */
function engineMessage(error: unknown): string {
  if (error instanceof EngineError) return error.message;
  return "The platform could not be reached.";
}

export function toAvailable(accounts: Account[]): AvailableAccount[] {
  return accounts.map((a) => ({ accountId: String(a.id), name: a.name || String(a.id), timezone: a.timezone, currency: a.currency }));
}

/** Whether the deps' registry has a connector for the platform (the catalogue's "implemented"). */
function isImplemented(platform: Platform, deps: ConnectorDeps): boolean {
  try {
    deps.getConnector(platform.id);
    return true;
  } catch {
    return false;
  }
}

export function implementedPlatform(platformId: string, deps: ConnectorDeps = defaultDeps()): Platform {
  const platform = findPlatform(platformId);
  if (!platform) throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, `There is no platform called "${platformId}".`, 404);
  if (!isImplemented(platform, deps)) throw new ComingSoonError(platform);
  return platform;
}

// --- listing ---------------------------------------------------------------------------------

export type SourceRow = {
  id: number;
  name: string;
  platform: string;
  platformName: string;
  icon: { monogram: string; color: string };
  state: string;
  numberError: number;
  badge: SourceBadge;
  totalAvailableDataSource: number;
  totalActivatedDataSource: number;
  lastRefresh: string | null;
};


function platformLook(platformId: string) {
  const platform = findPlatform(platformId);
  return { platformName: platform?.displayName ?? platformId, icon: platform?.icon ?? { monogram: platformId.slice(0, 2).toUpperCase(), color: "#475569" } };
}

export async function listSources(companyId: number, db: DB = getDb()): Promise<SourceRow[]> {
  const rows = await sourcesRepo.listNetworkAuthorizationsWithCounts(db, companyId);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    platform: s.platform,
    ...platformLook(s.platform),
    state: s.state,
    numberError: s.numberError,
    badge: sourceBadge(s.state, s.numberError),
    totalAvailableDataSource: s.availableDataSources?.length ?? 0,
    totalActivatedDataSource: s.activatedCount,
    lastRefresh: s.lastRefresh ? s.lastRefresh.toISOString() : null,
  }));
}

export type AccountRow = {
  accountId: string;
  name: string;
  /** The data source when the account is activated. */
  dataSourceId: number | null;
  blockedAt: string | null;
};

export type SourceDetail = SourceRow & {
  status: string | null;
  authMethod: string;
  implemented: boolean;
  accounts: AccountRow[];
  /** Activated accounts the platform no longer returns ("Account no more available"). */
  missingAccounts: AccountRow[];
};

export async function getSource(companyId: number, id: number, db: DB = getDb()): Promise<SourceDetail | undefined> {
  const source = await sourcesRepo.getNetworkAuthorization(db, companyId, id);
  if (!source) return undefined;
  const activated = await dataSourcesRepo.listDataSources(db, companyId, { networkAuthorizationId: id });
  return describeSource(source, activated);
}

function describeSource(source: NetworkAuthorization, activated: DataSource[]): SourceDetail {
  const available = source.availableDataSources ?? [];
  const byAccount = new Map(activated.map((d) => [d.accountId, d]));
  const accounts = available.map((a) => {
    const ds = byAccount.get(a.accountId);
    return { accountId: a.accountId, name: a.name, dataSourceId: ds?.id ?? null, blockedAt: ds?.blockedAt?.toISOString() ?? null };
  });
  const availableIds = new Set(available.map((a) => a.accountId));
  const missingAccounts = activated
    .filter((d) => !availableIds.has(d.accountId))
    .map((d) => ({ accountId: d.accountId, name: d.name, dataSourceId: d.id, blockedAt: d.blockedAt?.toISOString() ?? null }));
  const platform = findPlatform(source.platform);
  return {
    id: source.id,
    name: source.name,
    platform: source.platform,
    ...platformLook(source.platform),
    state: source.state,
    status: source.status,
    numberError: source.numberError,
    badge: sourceBadge(source.state, source.numberError),
    totalAvailableDataSource: available.length,
    totalActivatedDataSource: activated.length,
    lastRefresh: source.lastRefresh ? source.lastRefresh.toISOString() : null,
    authMethod: platform?.authMethod ?? "api-key",
    implemented: platform?.implemented ?? false,
    accounts,
    missingAccounts,
  };
}

// --- the connect step -----------------------------------------------------------------------

export type ConnectMode = "page" | "popup";

export type StartConnectInput = {
  company: Pick<Company, "id">;
  user: Pick<User, "id">;
  platform: string;
  name: string;
  /** Refresh of an existing source (the flow runs as an update). */
  sourceId?: number;
  mode: ConnectMode;
  fromApp?: string | null;
  /** The request's origin, for our redirect URI when APP_URL is unset. */
  origin: string;
};

/** Where a connect attempt's form lives (spec 3 §2.7 path, or /{id} for other form platforms). */
export function credentialFormPath(platform: Pick<Platform, "id" | "formRoute">): string {
  return platform.formRoute ?? `/${platform.id}`;
}

/** Platforms that show a form before connecting: api-key ones and OAuth ones with pre-redirect fields. */
export function hasCredentialForm(platform: Pick<Platform, "authMethod" | "connectionFields">): boolean {
  return platform.authMethod === "api-key" || platform.connectionFields.length > 0;
}

async function newAttempt(
  db: DB,
  input: Omit<StartConnectInput, "origin">,
  platform: Platform,
  extra: { requestToken?: string; secret?: unknown } = {},
): Promise<{ state: string; attempt: SourceConnectAttempt }> {
  const state = randomToken(24);
  await sourcesRepo.deleteStaleConnectAttempts(db, input.company.id, new Date(Date.now() - CONNECT_ATTEMPT_TTL_MS));
  const attempt = await sourcesRepo.createConnectAttempt(db, input.company.id, {
    userId: input.user.id,
    platform: platform.id,
    name: input.name,
    networkAuthorizationId: input.sourceId ?? null,
    stateDigest: tokenDigest(state),
    requestToken: extra.requestToken ?? null,
    secret: extra.secret,
    mode: input.mode,
    fromApp: input.fromApp ?? null,
    expiresAt: new Date(Date.now() + CONNECT_ATTEMPT_TTL_MS),
  });
  return { state, attempt };
}

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const q = search.toString();
  return q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path;
}

/**
 * Starts "Connect your account": records the attempt and answers where the browser goes next
 * (the platform's consent page, or our credential form). Coming-soon platforms save nothing.
 */
export async function startConnect(input: StartConnectInput, deps: ConnectorDeps = defaultDeps(), db: DB = getDb()): Promise<string> {
  const platform = implementedPlatform(input.platform, deps);
  if (input.sourceId !== undefined) {
    const source = await sourcesRepo.getNetworkAuthorization(db, input.company.id, input.sourceId);
    if (!source || findPlatform(source.platform)?.id !== platform.id) {
      throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, "This source does not exist.", 404);
    }
  }
  if (hasCredentialForm(platform)) {
    const { state } = await newAttempt(db, input, platform);
    return withQuery(credentialFormPath(platform), { state, from: input.fromApp });
  }
  return redirectToProvider(input, platform, deps, db);
}

async function redirectToProvider(
  input: StartConnectInput,
  platform: Platform,
  deps: ConnectorDeps,
  db: DB,
  options?: Record<string, string | string[]>,
): Promise<string> {
  return providerRedirect(platform, deps, input.origin, async ({ state, requestToken, secret }) => {
    await sourcesRepo.deleteStaleConnectAttempts(db, input.company.id, new Date(Date.now() - CONNECT_ATTEMPT_TTL_MS));
    await sourcesRepo.createConnectAttempt(db, input.company.id, {
      userId: input.user.id,
      platform: platform.id,
      name: input.name,
      networkAuthorizationId: input.sourceId ?? null,
      stateDigest: tokenDigest(state),
      requestToken: requestToken ?? null,
      secret: options || secret ? { ...secret, options } : undefined,
      mode: input.mode,
      fromApp: input.fromApp ?? null,
      expiresAt: new Date(Date.now() + CONNECT_ATTEMPT_TTL_MS),
    });
  }, options);
}

/** Records the server side of a redirect to a platform: its state, and OAuth 1.0a's request token. */
export type AttemptRecorder = (attempt: { state: string; requestToken?: string; secret?: AttemptSecret }) => Promise<void>;

/**
 * The platform's consent URL for an OAuth 2.0 or OAuth 1.0a platform. The caller records the
 * attempt (a company's connect attempt, or a register-mode one) before the browser leaves.
 */
export async function providerRedirect(
  platform: Platform,
  deps: ConnectorDeps,
  origin: string,
  record: AttemptRecorder,
  options?: Record<string, string | string[]>,
): Promise<string> {
  const connector = deps.getConnector(platform.id);
  const settings = connectorSettings(platform.id, deps.env);
  const client = requireAppCredentials(platform, settings);
  const responseUrl = `${publicOrigin(origin)}${OAUTH_RESPONSE_PATH(platform.id)}`;
  const state = randomToken(24);
  if (platform.authMethod === "oauth2" && connector.oauth2) {
    await record({ state });
    const authorizeUrl = connector.oauth2AuthorizeUrlFor?.(options) ?? connector.oauth2.authorizeUrl;
    const config = { ...connector.oauth2, authorizeUrl: rebaseUrl(authorizeUrl, settings.oauthBaseUrl) };
    return buildAuthorizeUrl(config, { clientId: client.clientId, redirectUri: responseUrl, state });
  }
  if (platform.authMethod === "oauth10A" && connector.oauth1) {
    // The state rides in our callback URL: OAuth 1.0a has no state parameter of its own.
    let requestToken: { token: string; tokenSecret: string };
    try {
      requestToken = await getRequestToken(connector.oauth1, {
        platform: platform.id,
        consumer: { key: client.clientId, secret: client.clientSecret },
        callbackUrl: `${responseUrl}?state=${state}`,
        baseUrl: settings.oauthBaseUrl,
      });
    } catch (error) {
      throw new SourceFlowError(
        SOURCE_MESSAGES.addAuthorizationFailedTitle,
        SOURCE_MESSAGES.addAuthorizationFailed(platform.displayName, [engineMessage(error)]),
        502,
      );
    }
    await record({ state, requestToken: requestToken.token, secret: { tokenSecret: requestToken.tokenSecret } });
    const config = { ...connector.oauth1, authorizeUrl: rebaseUrl(connector.oauth1.authorizeUrl, settings.oauthBaseUrl) };
    return buildOAuth1AuthorizeUrl(config, requestToken.token);
  }
  throw new SourceFlowError(SOURCE_MESSAGES.addAuthorizationFailedTitle, `${platform.displayName} has no way to authorize.`, 500);
}

// --- credential forms (spec 3 §2.7) ---------------------------------------------------------------

export type CredentialFormContext = {
  platform: Platform;
  attempt?: { name: string; refresh: boolean };
};

/** The platform of a credential form path (/shopify, /woocommerce, ...), or undefined. */
export function platformOfFormPath(segment: string): Platform | undefined {
  const path = `/${segment}`;
  return listPlatforms().find((p) => hasCredentialForm(p) && credentialFormPath(p) === path);
}

export async function openAttempt(companyId: number, userId: number, state: string | null | undefined, platformId: string, db: DB = getDb()) {
  if (!state) return undefined;
  const attempt = await sourcesRepo.findOpenConnectAttempt(db, companyId, userId, tokenDigest(state));
  return attempt && attempt.platform === platformId ? attempt : undefined;
}

export type SubmitCredentialFormInput = {
  company: Pick<Company, "id">;
  user: Pick<User, "id">;
  platform: Platform;
  state?: string | null;
  fromApp?: string | null;
  values: Record<string, string | undefined>;
  origin: string;
};

/** The credential a connection form's values make; values the platform cannot use raise SourceFlowError. */
export function credentialFromForm(platform: Platform, values: Record<string, string | undefined>): ApiKeyCredential {
  try {
    return buildCredentialFromForm(platform, values);
  } catch (error) {
    throw new SourceFlowError(SOURCE_MESSAGES.unableToConnect, engineMessage(error), 400);
  }
}

/** Asks the platform whether the credential works; a refusal raises SourceFlowError with its (redacted) reason. */
export async function checkCredential(platform: Platform, credential: Credential, deps: ConnectorDeps = defaultDeps()): Promise<void> {
  const connector = deps.getConnector(platform.id);
  const settings = connectorSettings(platform.id, deps.env);
  try {
    await connector.check(contextFor(connector, credential, settings));
  } catch (error) {
    throw credentialCheckFailure(platform, error);
  }
}

/**
 * Checks the credential through the connector and keeps it (encrypted) on the attempt; answers the
 * OAuth return URL that saves the source. For OAuth platforms with pre-redirect fields (Pardot,
 * Facebook/Instagram public data) the values are kept and the browser goes on to the platform.
 * A rejected credential raises SourceFlowError and nothing is kept.
 */
export async function submitCredentialForm(input: SubmitCredentialFormInput, deps: ConnectorDeps = defaultDeps(), db: DB = getDb()): Promise<string> {
  const platform = input.platform;
  if (!isImplemented(platform, deps)) throw new ComingSoonError(platform);
  let attempt = await openAttempt(input.company.id, input.user.id, input.state, platform.id, db);
  if (input.state && !attempt) {
    throw new SourceFlowError(SOURCE_MESSAGES.unableToConnect, "This connection link has expired. Start again from the sources page.", 400);
  }
  let state = input.state ?? undefined;
  const credential = credentialFromForm(platform, input.values);
  if (platform.authMethod !== "api-key") {
    // Pre-redirect fields: remember them and continue with the platform's consent screen.
    const base = { company: input.company, user: input.user, platform: platform.id, origin: input.origin, mode: (attempt?.mode ?? "page") as ConnectMode };
    const name = attempt?.name ?? platform.displayName;
    const sourceId = attempt?.networkAuthorizationId ?? undefined;
    if (attempt) await sourcesRepo.claimConnectAttempt(db, input.company.id, input.user.id, attempt.stateDigest);
    return redirectToProvider({ ...base, name, sourceId, fromApp: input.fromApp ?? attempt?.fromApp }, platform, deps, db, credential.options ?? {});
  }
  await checkCredential(platform, credential, deps);
  if (!attempt) {
    const created = await newAttempt(
      db,
      { company: input.company, user: input.user, platform: platform.id, name: platform.displayName, mode: "page", fromApp: input.fromApp },
      platform,
      { secret: { credential } },
    );
    attempt = created.attempt;
    state = created.state;
  } else {
    await sourcesRepo.storeConnectAttemptSecret(db, input.company.id, attempt.id, { credential });
  }
  return withQuery(OAUTH_RESPONSE_PATH(platform.id), { success: "true", state, from: input.fromApp ?? attempt.fromApp });
}

// --- the OAuth return (spec 3 §2.5, §4) -------------------------------------------------------------

export const OAUTH_RETURN_PARAMS = [
  "code",
  "connected",
  "success",
  "oauth_token",
  "oauth_verifier",
  "spapi_oauth_code",
  "consumerKey",
  "consumerSecret",
  "error",
  "error_description",
  "error_uri",
] as const;
export type OAuthReturnParams = Partial<Record<(typeof OAUTH_RETURN_PARAMS)[number] | "state" | "from", string>>;

export function readOAuthReturnParams(url: URL): OAuthReturnParams {
  const out: OAuthReturnParams = {};
  for (const key of [...OAUTH_RETURN_PARAMS, "state", "from"] as const) {
    const value = url.searchParams.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** Spec 3 §2.5: one of code, connected, success, oauth_token or spapi_oauth_code must be there. */
export function hasAuthParameter(params: OAuthReturnParams): boolean {
  return Boolean(params.code || params.connected || params.success || params.oauth_token || params.spapi_oauth_code);
}

export type ConnectResult = {
  sourceId: number;
  created: boolean;
  platformName: string;
  mode: ConnectMode;
  fromApp: string | null;
};

export type AttemptSecret = { tokenSecret?: string; credential?: unknown; options?: Record<string, string | string[]> };

/** Uses up the attempt of a returned state (a provider error also burns it). */
export async function burnAttempt(companyId: number, userId: number, state: string | undefined, db: DB = getDb()) {
  if (!state) return undefined;
  return sourcesRepo.claimConnectAttempt(db, companyId, userId, tokenDigest(state));
}

/**
 * Finishes a connect: checks the state, gets the credential (code exchange, verifier exchange or
 * the credential the form checked), lists the accounts and saves the source (or refreshes it)
 * in one transaction. Any failure saves nothing and raises SourceFlowError.
 */
export async function completeConnect(
  input: { company: Pick<Company, "id">; user: Pick<User, "id">; platform: string; params: OAuthReturnParams; origin: string },
  deps: ConnectorDeps = defaultDeps(),
  db: DB = getDb(),
): Promise<ConnectResult> {
  const platform = findPlatform(input.platform);
  const title = SOURCE_MESSAGES.addAuthorizationFailedTitle;
  const fail = (message: string, status = 400) =>
    new SourceFlowError(title, SOURCE_MESSAGES.addAuthorizationFailed(platform?.displayName ?? input.platform, [message]), status);
  if (!platform) throw fail("This platform does not exist.", 404);
  const { params } = input;
  if (!params.state) throw fail("The authorization cannot be verified (the state parameter is missing). Start the connection again.");
  const attempt = await burnAttempt(input.company.id, input.user.id, params.state, db);
  if (!attempt || attempt.platform !== platform.id) {
    throw fail("This authorization is invalid, expired or was already used. Start the connection again.");
  }
  if (!isImplemented(platform, deps)) throw new ComingSoonError(platform);
  const secret = sourcesRepo.readConnectAttemptSecret<AttemptSecret>(attempt) ?? {};
  const { credential, accounts } = await authorizeFromReturn(platform, attempt, secret, input.params, input.origin, deps);
  const available = toAvailable(accounts);
  const options = secret.options;
  try {
    const sourceId = await db.transaction().execute(async (trx) => {
      if (attempt.networkAuthorizationId) {
        const ok = await sourcesRepo.replaceCredential(trx, input.company.id, attempt.networkAuthorizationId, credential);
        if (!ok) throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, "This source does not exist any more.", 404);
        await storeAccounts(trx, input.company.id, attempt.networkAuthorizationId, available);
        return attempt.networkAuthorizationId;
      }
      const created = await sourcesRepo.createNetworkAuthorization(trx, input.company.id, {
        name: attempt.name,
        platform: platform.id,
        credential,
        options: options ?? {},
        availableDataSources: available,
        createdById: input.user.id,
      });
      return created.id;
    });
    return { sourceId, created: !attempt.networkAuthorizationId, platformName: platform.displayName, mode: attempt.mode, fromApp: attempt.fromApp };
  } catch (error) {
    if (error instanceof SourceFlowError) throw error;
    console.error("[sources] saving the source failed", error instanceof Error ? error.message : error);
    throw new SourceFlowError(SOURCE_MESSAGES.createFailedTitle, SOURCE_MESSAGES.createFailed, 500);
  }
}

/**
 * The credential a platform's return grants (code exchange, verifier exchange or the credential a
 * form checked), checked by listing the accounts it can read. Failures raise SourceFlowError.
 */
export async function authorizeFromReturn(
  platform: Platform,
  attempt: Pick<SourceConnectAttempt, "requestToken">,
  secret: AttemptSecret,
  params: OAuthReturnParams,
  origin: string,
  deps: ConnectorDeps = defaultDeps(),
): Promise<{ credential: Credential; accounts: Account[] }> {
  const fail = (message: string) =>
    new SourceFlowError(SOURCE_MESSAGES.addAuthorizationFailedTitle, SOURCE_MESSAGES.addAuthorizationFailed(platform.displayName, [message]), 400);
  const connector = deps.getConnector(platform.id);
  const settings = connectorSettings(platform.id, deps.env);
  let credential: Credential;
  try {
    credential = await credentialFromReturn(platform, connector, settings, attempt, secret, params, origin);
  } catch (error) {
    if (error instanceof SourceFlowError) throw error;
    throw fail(engineMessage(error));
  }
  try {
    const ctx = contextFor(connector, credential, settings, async (refreshed) => {
      credential = refreshed;
    });
    if (platform.authMethod !== "api-key") await connector.check(ctx);
    const accounts = await connector.listAccounts(ctx);
    return { credential, accounts };
  } catch (error) {
    throw fail(engineMessage(error));
  }
}

async function credentialFromReturn(
  platform: Platform,
  connector: Connector,
  settings: ConnectorSettings,
  attempt: Pick<SourceConnectAttempt, "requestToken">,
  secret: AttemptSecret,
  params: OAuthReturnParams,
  origin: string,
): Promise<Credential> {
  const fail = (message: string) =>
    new SourceFlowError(SOURCE_MESSAGES.addAuthorizationFailedTitle, SOURCE_MESSAGES.addAuthorizationFailed(platform.displayName, [message]), 400);
  if (platform.authMethod === "oauth2") {
    const code = params.code ?? params.spapi_oauth_code;
    if (!code || !connector.oauth2) throw fail("The platform sent no authorization code.");
    const client = requireAppCredentials(platform, settings);
    // The form's pre-redirect choices (Zoho data center, Amazon marketplace) pick the token
    // endpoint and stay with the token: the connector reads them from the credential.
    const options = secret.options && Object.keys(secret.options).length > 0 ? secret.options : undefined;
    const tokenUrl = connector.oauth2TokenUrlFor?.(options) ?? connector.oauth2.tokenUrl;
    const exchanged = await exchangeCode(connector.oauth2, {
      platform: platform.id,
      client,
      code,
      redirectUri: `${publicOrigin(origin)}${OAUTH_RESPONSE_PATH(platform.id)}`,
      tokenUrl: settings.oauthBaseUrl ? rebaseUrl(tokenUrl, settings.oauthBaseUrl) : tokenUrl,
    });
    return options ? { ...exchanged, options } : exchanged;
  }
  if (platform.authMethod === "oauth10A") {
    if (!connector.oauth1 || !params.oauth_token || !params.oauth_verifier || !secret.tokenSecret) {
      throw fail("The platform sent no verifier.");
    }
    if (params.oauth_token !== attempt.requestToken) throw fail("The returned token does not match this authorization.");
    const client = requireAppCredentials(platform, settings);
    return exchangeVerifier(connector.oauth1, {
      platform: platform.id,
      consumer: { key: client.clientId, secret: client.clientSecret },
      token: params.oauth_token,
      tokenSecret: secret.tokenSecret,
      verifier: params.oauth_verifier,
      baseUrl: settings.oauthBaseUrl,
    });
  }
  if (secret.credential) return parseCredential(secret.credential, { platform: platform.id, method: "api-key" });
  if (params.consumerKey) {
    // Spec 3 §4: the return may carry the consumer key and secret itself; check them first.
    const credential = parseCredential({ key: params.consumerKey, secret: params.consumerSecret }, { platform: platform.id, method: "api-key" });
    await connector.check(contextFor(connector, credential, settings));
    return credential;
  }
  throw fail("No credential was submitted.");
}

async function storeAccounts(db: DB, companyId: number, sourceId: number, available: AvailableAccount[]): Promise<void> {
  const activated = await dataSourcesRepo.listDataSources(db, companyId, { networkAuthorizationId: sourceId });
  const ids = new Set(available.map((a) => a.accountId));
  const missing = activated.some((d) => !ids.has(d.accountId));
  await sourcesRepo.saveAvailableAccounts(db, companyId, sourceId, available, missing ? "ACCOUNT_NOT_AVAILABLE" : "SUCCESS");
}

// --- account list, toggles, blocks ------------------------------------------------------------

/**
 * Asks the connector for the accounts again and caches them with the refresh time. A failure
 * marks the source ERROR (one more error) and raises SourceFlowError with the platform's reason.
 */
export async function refreshAccounts(companyId: number, sourceId: number, deps: ConnectorDeps = defaultDeps(), db: DB = getDb()): Promise<number> {
  const source = await sourcesRepo.getNetworkAuthorization(db, companyId, sourceId);
  if (!source) throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, "This source does not exist.", 404);
  const platform = findPlatform(source.platform);
  if (!platform || !isImplemented(platform, deps)) throw new ComingSoonError(platform ?? ({ displayName: source.platform } as Platform));
  const connector = deps.getConnector(platform.id);
  const settings = connectorSettings(platform.id, deps.env);
  let accounts: Account[];
  try {
    const credential = parseCredential(sourcesRepo.readCredential(source), { platform: platform.id, method: credentialMethods(connector) });
    const ctx = contextFor(connector, credential, settings, (refreshed) => sourcesRepo.updateCredential(db, companyId, sourceId, refreshed));
    accounts = await connector.listAccounts(ctx);
  } catch (error) {
    const message = engineMessage(error);
    await sourcesRepo.recordSourceError(db, companyId, sourceId, message);
    throw new SourceFlowError("Unable to refresh the accounts", message, 502);
  }
  await storeAccounts(db, companyId, sourceId, toAvailable(accounts));
  return accounts.length;
}

async function requireSource(db: DB, companyId: number, sourceId: number): Promise<NetworkAuthorization> {
  const source = await sourcesRepo.getNetworkAuthorization(db, companyId, sourceId);
  if (!source) throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, "This source does not exist.", 404);
  return source;
}

/** Toggle on: creates the data source of an account the source's cached list offers. */
export async function activateAccount(companyId: number, sourceId: number, accountId: string, db: DB = getDb()): Promise<void> {
  const source = await requireSource(db, companyId, sourceId);
  const account = (source.availableDataSources ?? []).find((a) => a.accountId === accountId);
  if (!account) throw new SourceFlowError("Unable to activate the account", "This account is not available on this source.", 404);
  const existing = await dataSourcesRepo.findDataSourceByAccount(db, companyId, sourceId, accountId);
  if (existing) return;
  try {
    await dataSourcesRepo.createDataSource(db, companyId, {
      networkAuthorizationId: sourceId,
      accountId: account.accountId,
      name: account.name,
      timezone: account.timezone ?? null,
      currency: account.currency ?? null,
    });
  } catch (error) {
    // A concurrent toggle already created it (unique source/account): the outcome is the same.
    if ((error as { code?: string }).code !== "23505") throw error;
  }
}

/** Toggle off: deletes the data source. */
export async function deactivateAccount(companyId: number, sourceId: number, dataSourceId: number, db: DB = getDb()): Promise<void> {
  await requireSource(db, companyId, sourceId);
  const ok = await dataSourcesRepo.deleteDataSource(db, companyId, dataSourceId, { networkAuthorizationId: sourceId });
  if (!ok) throw new SourceFlowError("Unable to deactivate the account", "This account is not activated on this source.", 404);
  await removeJobsWithoutAccounts(companyId, db);
  await settleMissingState(db, companyId, sourceId);
}

/** Once no activated account is missing any more, ACCOUNT_NOT_AVAILABLE goes back to SUCCESS. */
async function settleMissingState(db: DB, companyId: number, sourceId: number): Promise<void> {
  const source = await sourcesRepo.getNetworkAuthorization(db, companyId, sourceId);
  if (!source || source.state !== "ACCOUNT_NOT_AVAILABLE") return;
  await storeAccounts(db, companyId, sourceId, source.availableDataSources ?? []);
}

/**
 * Blocks or unblocks an account and, in the same transaction, pauses the schedule of every job left
 * with only blocked accounts or resumes one paused for that reason (issue 6). Temporal refusing
 * rolls the block back, so the account and its jobs' schedules never disagree.
 */
export async function setAccountBlocked(companyId: number, sourceId: number, dataSourceId: number, blocked: boolean, db: DB = getDb()): Promise<void> {
  await requireSource(db, companyId, sourceId);
  await db.transaction().execute(async (trx) => {
    const ok = await dataSourcesRepo.setDataSourceBlockedAt(trx, companyId, dataSourceId, blocked ? new Date() : null, { networkAuthorizationId: sourceId });
    if (!ok) throw new SourceFlowError("Unable to update the account", "This account is not activated on this source.", 404);
    await syncJobsOfAccount(companyId, dataSourceId, trx);
  });
}

export async function renameSource(companyId: number, sourceId: number, name: string, db: DB = getDb()): Promise<void> {
  const ok = await sourcesRepo.renameNetworkAuthorization(db, companyId, sourceId, name);
  if (!ok) throw new SourceFlowError(SOURCE_MESSAGES.notAvailable, "This source does not exist.", 404);
}

export async function deleteSource(companyId: number, sourceId: number, db: DB = getDb()): Promise<void> {
  // Jobs reading this source go first, with their Temporal schedules (decision 0401).
  await removeJobsReadingSource(companyId, sourceId, db);
  const ok = await sourcesRepo.deleteNetworkAuthorization(db, companyId, sourceId);
  if (!ok) throw new SourceFlowError(SOURCE_MESSAGES.deleteFailedTitle, SOURCE_MESSAGES.deleteFailed, 404);
}

// --- platform picker ------------------------------------------------------------------------

export type PlatformCard = {
  id: string;
  displayName: string;
  category: string;
  flag: string | null;
  implemented: boolean;
  authMethod: string;
  icon: { monogram: string; color: string };
};

export function platformCards(): PlatformCard[] {
  return listPlatforms().map((p) => ({
    id: p.id,
    displayName: p.displayName,
    category: p.category,
    flag: p.flag ?? null,
    implemented: p.implemented,
    authMethod: p.authMethod,
    icon: p.icon,
  }));
}
