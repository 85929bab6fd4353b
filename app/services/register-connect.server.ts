// Register mode (spec 3 §2.5): a signed-out visitor (typically sent by the Looker Studio connector)
// connects a platform first. The authorized connection waits, owned by no company, behind a
// cookie holding its state; once the same browser signs up (Google or e-mail) or signs in, the
// connection becomes a source of that company. Credentials stay encrypted on the attempt.
import { createCookie } from "@remix-run/node";
import { getDb } from "./db.server.js";
import { getSessionSecrets, tokenDigest } from "../../lib/secrets.js";
import * as registerRepo from "../../db/repositories/register-connect-attempts.js";
import * as sourcesRepo from "../../db/repositories/network-authorizations.js";
import type { DB } from "../../db/connection.js";
import type { AvailableAccount } from "../../db/schema.js";
import { type Credential, findPlatform, getConnector } from "../../engine/index.js";
import {
  authorizeFromReturn,
  implementedPlatform,
  platformDisplayName,
  providerRedirect,
  SourceFlowError,
  SOURCE_MESSAGES,
  toAvailable,
  type AttemptSecret,
  type ConnectorDeps,
  type OAuthReturnParams,
} from "./sources.server.js";
import { createUserSession } from "./session.server.js";
import { sameOriginPath } from "~/utils/safe-redirect";
import { toastHeaders } from "./toast.server.js";
import { getEnv, platformEnv } from "../../lib/env.js";

/** Long enough to sign in at the platform. */
const WAITING_TTL_MS = 15 * 60 * 1000;
/** Long enough to fill the sign-up form or open the verification e-mail in the same browser. */
const AUTHORIZED_TTL_MS = 60 * 60 * 1000;

const pendingCookie = () =>
  createCookie("__sp_pending_source", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().NODE_ENV === "production",
    secrets: getSessionSecrets(),
    maxAge: AUTHORIZED_TTL_MS / 1000,
  });

type AuthorizedSecret = { credential: Credential; accounts: AvailableAccount[]; options?: AttemptSecret["options"] };

const defaultDeps = (): ConnectorDeps => ({ getConnector, env: platformEnv() });

/** Register mode is for platforms that authorize on their own site (OAuth 2.0 or 1.0a). */
export function supportsRegisterMode(platformId: string): boolean {
  const platform = findPlatform(platformId);
  return Boolean(platform && (platform.authMethod === "oauth2" || platform.authMethod === "oauth10A") && platform.connectionFields.length === 0);
}

/** Starts a register-mode connection; answers the platform's consent URL. */
export async function startRegisterConnect(
  input: { platform: string; origin: string; fromApp?: string | null; returnTo?: string | null },
  deps: ConnectorDeps = defaultDeps(),
  db: DB = getDb(),
): Promise<string> {
  const platform = implementedPlatform(input.platform, deps);
  if (!supportsRegisterMode(platform.id)) {
    throw new SourceFlowError(SOURCE_MESSAGES.unableToConnect, `Create your account first, then connect ${platform.displayName} from your sources.`, 400);
  }
  return providerRedirect(platform, deps, input.origin, async ({ state, requestToken, secret }) => {
    await registerRepo.createRegisterAttempt(db, {
      platform: platform.id,
      stateDigest: tokenDigest(state),
      requestToken,
      secret,
      fromApp: input.fromApp ?? null,
      // An unsafe return path is dropped: the claimed source's own page is the way back.
      returnTo: sameOriginPath(input.returnTo),
      expiresAt: new Date(Date.now() + WAITING_TTL_MS),
    });
  });
}

/** Whether a signed-out OAuth return belongs to a register-mode connection. */
export async function isRegisterReturn(params: OAuthReturnParams, db: DB = getDb()): Promise<boolean> {
  if (!params.state) return false;
  return registerRepo.isRegisterState(db, tokenDigest(params.state));
}

/**
 * The platform came back to a signed-out browser: exchanges the grant, lists the accounts, keeps
 * both encrypted on the attempt, and answers the cookie that lets this browser claim it.
 */
export async function authorizeRegisterReturn(
  input: { platform: string; params: OAuthReturnParams; origin: string },
  deps: ConnectorDeps = defaultDeps(),
  db: DB = getDb(),
): Promise<{ setCookie: string; platformName: string }> {
  const platform = implementedPlatform(input.platform, deps);
  const expired = new SourceFlowError(
    SOURCE_MESSAGES.addAuthorizationFailedTitle,
    SOURCE_MESSAGES.addAuthorizationFailed(platform.displayName, ["This authorization is invalid, expired or was already used. Start the connection again."]),
    400,
  );
  const state = input.params.state;
  if (!state) throw expired;
  const waiting = await registerRepo.findWaitingRegisterAttempt(db, tokenDigest(state));
  if (!waiting || waiting.platform !== platform.id) throw expired;
  const secret = registerRepo.readRegisterAttemptSecret<AttemptSecret>(waiting) ?? {};
  const { credential, accounts } = await authorizeFromReturn(platform, waiting, secret, input.params, input.origin, deps);
  const stored: AuthorizedSecret = { credential, accounts: toAvailable(accounts), options: secret.options };
  const authorized = await registerRepo.authorizeRegisterAttempt(db, tokenDigest(state), stored, new Date(Date.now() + AUTHORIZED_TTL_MS));
  if (!authorized) throw expired;
  return { setCookie: await pendingCookie().serialize(state), platformName: platform.displayName };
}

async function pendingState(request: Request): Promise<string | null> {
  const value = await pendingCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The platform of this browser's connection waiting for an account, for the sign-up page. */
export async function pendingConnection(request: Request, db: DB = getDb()): Promise<{ platformName: string; accounts: number } | null> {
  const state = await pendingState(request);
  if (!state) return null;
  const attempt = await registerRepo.findAuthorizedRegisterAttempt(db, tokenDigest(state));
  if (!attempt) return null;
  const secret = registerRepo.readRegisterAttemptSecret<AuthorizedSecret>(attempt);
  return { platformName: platformDisplayName(attempt.platform), accounts: secret?.accounts.length ?? 0 };
}

type Claimed = { id: number; redirectTo: string; platformName: string };

/**
 * A waiting connection becomes a source of the owner's company, once. Answers null when this
 * browser has none (or it expired or was already claimed), plus the header that clears the cookie.
 */
export async function claimPendingConnection(
  request: Request,
  owner: { companyId: number; userId: number },
  db: DB = getDb(),
): Promise<{ claimed: Claimed | null; clearCookie: string } | null> {
  const state = await pendingState(request);
  if (!state) return null;
  const clearCookie = await pendingCookie().serialize("", { maxAge: 0 });
  const claimed = await db.transaction().execute(async (trx): Promise<Claimed | null> => {
    const attempt = await registerRepo.claimRegisterAttempt(trx, tokenDigest(state));
    const secret = attempt && registerRepo.readRegisterAttemptSecret<AuthorizedSecret>(attempt);
    if (!attempt || !secret) return null;
    const platformName = platformDisplayName(attempt.platform);
    const created = await sourcesRepo.createNetworkAuthorization(trx, owner.companyId, {
      name: platformName,
      platform: attempt.platform,
      credential: secret.credential,
      options: secret.options ?? {},
      availableDataSources: secret.accounts,
      createdById: owner.userId,
    });
    return { id: created.id, redirectTo: attempt.returnTo ?? `/data-connector/sources/${created.id}`, platformName };
  });
  return { claimed, clearCookie };
}

/**
 * Every sign-in and sign-up ends here: the session starts, and a connection this browser made
 * before having an account is claimed on the way (then the browser goes where it was heading).
 */
export async function startSessionClaimingConnection(
  request: Request,
  opts: Parameters<typeof createUserSession>[0] & { companyId: number },
): Promise<Response> {
  const { companyId, ...session } = opts;
  const outcome = await claimPendingConnection(request, { companyId, userId: opts.userId });
  if (!outcome) return createUserSession(session);
  const headers = new Headers(opts.headers);
  headers.append("Set-Cookie", outcome.clearCookie);
  if (!outcome.claimed) return createUserSession({ ...session, headers });
  const toast = await toastHeaders({
    type: "success",
    title: "The source has been added",
    description: `Your ${outcome.claimed.platformName} account is connected. Choose the accounts to activate.`,
  });
  for (const [k, v] of toast) headers.append(k, v);
  return createUserSession({ ...session, redirectTo: outcome.claimed.redirectTo, headers });
}
