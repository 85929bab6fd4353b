// Client connect links (issue 22 item 3, decision 0932): a user sends a client a link for one
// platform; the client, without an account, sees who asks and for what, connects (OAuth or the
// platform's credential form), and the source appears in the link's company with an e-mail to the
// link's creator. The link works once, until it expires or is revoked. Everything about the
// company comes from the link row: nothing the client sends can name another company or source.
import { createCookie } from "@remix-run/node";
import type { z } from "zod";
import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";
import * as linksRepo from "../../db/repositories/client-connect-links.js";
import * as sourcesRepo from "../../db/repositories/network-authorizations.js";
import type { ClientConnectLink } from "../../db/tables/client-links.js";
import { findPlatform, getConnector, listPlatforms, type Platform } from "../../engine/index.js";
import { appOrigin, getEnv, platformEnv, publicOrigin } from "../../lib/env.js";
import { sendMail } from "../../lib/mail.js";
import { decryptJson, encryptJson, getSessionSecrets, randomToken, tokenDigest } from "../../lib/secrets.js";
import { getDb } from "./db.server.js";
import type { Toast } from "./toast.server.js";
import type { CreateLinkSchema } from "~/utils/client-links";
import {
  authorizeFromReturn,
  checkCredential,
  CONNECT_ATTEMPT_TTL_MS,
  credentialFromForm,
  hasCredentialForm,
  implementedPlatform,
  providerRedirect,
  SourceFlowError,
  toAvailable,
  type AttemptSecret,
  type ConnectorDeps,
  type OAuthReturnParams,
} from "./sources.server.js";

const DAY_MS = 86_400_000;
/** base64url of 32 random bytes is 43 characters; anything else is not a link of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type LinkState = "active" | "used" | "expired" | "revoked";

export function linkState(link: Pick<ClientConnectLink, "usedAt" | "revokedAt" | "expiresAt">, now = new Date()): LinkState {
  if (link.usedAt) return "used";
  if (link.revokedAt) return "revoked";
  return link.expiresAt <= now ? "expired" : "active";
}

const defaultDeps = (): ConnectorDeps => ({ getConnector, env: platformEnv() });

// ---------- the company's side ----------

/** Platforms a client can connect through a link: implemented ones, OAuth or with a credential form. */
export function linkablePlatforms(deps: ConnectorDeps = defaultDeps()): { id: string; name: string }[] {
  return listPlatforms()
    .filter((p) => p.flag !== "deprecated" && p.implemented && (p.authMethod === "oauth2" || p.authMethod === "oauth10A" || hasCredentialForm(p)))
    .filter((p) => {
      try {
        deps.getConnector(p.id);
        return true;
      } catch {
        return false;
      }
    })
    .map((p) => ({ id: p.id, name: p.displayName }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/** Creates a link; its URL is shown once (only the token's digest is kept). */
export async function createLink(
  company: Pick<Company, "id">,
  user: Pick<User, "id">,
  input: z.infer<typeof CreateLinkSchema>,
  requestOrigin: string,
  now = new Date(),
): Promise<{ ok: true; url: string; expiresAt: string } | { ok: false; field: "platform"; message: string }> {
  if (!linkablePlatforms().some((p) => p.id === input.platform)) return { ok: false, field: "platform", message: "Choose a platform from the list." };
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + input.days * DAY_MS);
  await linksRepo.createClientLink(getDb(), company.id, {
    createdById: user.id,
    platform: input.platform,
    clientName: input.clientName,
    message: input.message || null,
    tokenDigest: tokenDigest(token),
    expiresAt,
  });
  return { ok: true, url: `${publicOrigin(requestOrigin)}/connect/${token}`, expiresAt: expiresAt.toISOString() };
}

export async function listLinks(companyId: number, now = new Date()) {
  const rows = await linksRepo.listClientLinks(getDb(), companyId);
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    platformName: findPlatform(r.platform)?.displayName ?? r.platform,
    clientName: r.clientName,
    message: r.message,
    creatorEmail: r.creatorEmail,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    state: linkState(r, now),
    source: r.networkAuthorizationId ? { id: r.networkAuthorizationId, name: r.sourceName ?? "" } : null,
  }));
}

export async function revokeLink(companyId: number, id: number): Promise<boolean> {
  return linksRepo.revokeClientLink(getDb(), companyId, id);
}

// ---------- the client's side ----------

export class LinkUnavailableError extends Error {
  constructor(
    readonly state: Exclude<LinkState, "active"> | "unknown",
    readonly status: number,
  ) {
    super(
      {
        unknown: "This link does not exist. Check that you copied all of it, or ask for a new one.",
        used: "This link has already been used: the account it asked for is connected. Ask for a new link to connect another one.",
        expired: "This link has expired. Ask the person who sent it for a new one.",
        revoked: "This link has been cancelled by the person who sent it. Ask them for a new one.",
      }[state],
    );
    this.name = "LinkUnavailableError";
  }
}

async function linkOfToken(token: string | undefined, db: DB = getDb()): Promise<linksRepo.LinkWithOwner> {
  if (!token || !TOKEN_SHAPE.test(token)) throw new LinkUnavailableError("unknown", 404);
  const link = await linksRepo.findClientLinkByToken(db, tokenDigest(token));
  if (!link) throw new LinkUnavailableError("unknown", 404);
  return link;
}

function assertActive(link: ClientConnectLink, now = new Date()): void {
  const state = linkState(link, now);
  if (state !== "active") throw new LinkUnavailableError(state, 410);
}

export type ClientLinkPage =
  | { state: "active"; companyName: string; askedBy: string; clientName: string; message: string | null; expiresAt: string; platform: ClientPlatform }
  | { state: "used"; companyName: string; platformName: string };

export type ClientPlatform = Pick<Platform, "id" | "displayName" | "description" | "icon" | "authMethod"> & { fields: Platform["connectionFields"]; form: boolean };

function clientPlatform(platform: Platform): ClientPlatform {
  return {
    id: platform.id,
    displayName: platform.displayName,
    description: platform.description,
    icon: platform.icon,
    authMethod: platform.authMethod,
    fields: platform.connectionFields,
    form: hasCredentialForm(platform),
  };
}

/** What the client's page shows. A used link says it worked; other dead links throw LinkUnavailableError. */
export async function openLink(token: string | undefined, now = new Date()): Promise<ClientLinkPage> {
  const link = await linkOfToken(token);
  const platform = findPlatform(link.platform);
  if (!platform) throw new LinkUnavailableError("unknown", 404);
  if (linkState(link, now) === "used") return { state: "used", companyName: link.companyName, platformName: platform.displayName };
  assertActive(link, now);
  const name = [link.creatorFirstName, link.creatorLastName].filter(Boolean).join(" ");
  return {
    state: "active",
    companyName: link.companyName,
    askedBy: name ? `${name} (${link.creatorEmail})` : link.creatorEmail,
    clientName: link.clientName,
    message: link.message,
    expiresAt: link.expiresAt.toISOString(),
    platform: clientPlatform(platform),
  };
}

/** The link's platform, as the form fields need it to validate what the client sends. */
export async function platformOfLink(token: string | undefined): Promise<Platform> {
  const link = await linkOfToken(token);
  const platform = findPlatform(link.platform);
  if (!platform) throw new LinkUnavailableError("unknown", 404);
  return platform;
}

/** The browser that left for the platform comes back to its link's page: the token rides in a signed, HttpOnly cookie. */
const tripCookie = () =>
  createCookie("__sp_client_link", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().NODE_ENV === "production",
    secrets: getSessionSecrets(),
    maxAge: CONNECT_ATTEMPT_TTL_MS / 1000,
  });

/**
 * The client chose to connect. OAuth platforms: the consent URL (after the form's pre-redirect
 * fields, when the platform has some) and the cookie that brings this browser back. Credential
 * forms: the credential is checked, the source created, and the link used up at once.
 */
export async function connectThroughLink(
  token: string | undefined,
  values: Record<string, string | undefined>,
  origin: string,
  deps: ConnectorDeps = defaultDeps(),
  db: DB = getDb(),
): Promise<{ kind: "redirect"; url: string; setCookie: string } | { kind: "connected"; sourceId: number }> {
  const link = await linkOfToken(token, db);
  assertActive(link);
  const platform = implementedPlatform(link.platform, deps);
  if (platform.authMethod === "api-key") {
    const credential = credentialFromForm(platform, values);
    await checkCredential(platform, credential, deps);
    const { accounts } = await authorizeFromReturn(platform, { requestToken: null }, { credential }, { success: "true" }, origin, deps);
    const sourceId = await finishLink(db, link, { credential, accounts: toAvailable(accounts), options: undefined }, {});
    return { kind: "connected", sourceId };
  }
  const options = hasCredentialForm(platform) ? (credentialFromForm(platform, values).options ?? {}) : undefined;
  const url = await providerRedirect(
    platform,
    deps,
    origin,
    async ({ state, requestToken, secret }) => {
      const trip: AttemptSecret = { ...secret, ...(options && { options }) };
      const started = await linksRepo.startClientLinkOAuth(db, link.id, {
        stateDigest: tokenDigest(state),
        requestToken: requestToken ?? null,
        secretEncrypted: Object.keys(trip).length ? encryptJson(trip) : null,
      });
      if (!started) throw await deadLink(db, link);
    },
    options,
  );
  return { kind: "redirect", url, setCookie: await tripCookie().serialize(token) };
}

/** Whether an OAuth return belongs to a client link's trip (its state's digest is on a link). */
export async function isClientLinkReturn(params: OAuthReturnParams, db: DB = getDb()): Promise<boolean> {
  if (!params.state || params.state.length > 200) return false;
  return Boolean(await linksRepo.findClientLinkByOAuthState(db, tokenDigest(params.state)));
}

/**
 * The platform sent the client back: the grant is exchanged and the accounts listed, then the link
 * is used up and the source created in one transaction. Answers where the browser goes (the link's
 * page when this browser holds its cookie, else /connect/done with the outcome) and what to tell the client there.
 */
export async function completeLinkReturn(
  request: Request,
  platformId: string,
  params: OAuthReturnParams,
  deps: ConnectorDeps = defaultDeps(),
  db: DB = getDb(),
): Promise<{ redirectTo: string; setCookie: string; toast: Toast }> {
  const cookie = tripCookie();
  const held = await cookie.parse(request.headers.get("Cookie"));
  const clear = await cookie.serialize("", { maxAge: 0 });
  const stateDigest = tokenDigest(params.state ?? "");
  const link = await linksRepo.findClientLinkByOAuthState(db, stateDigest);
  const own = link && typeof held === "string" && TOKEN_SHAPE.test(held) && tokenDigest(held) === link.tokenDigest ? `/connect/${held}` : null;
  // Without the link in this browser, /connect/done says what happened from a fixed list (never from input).
  const ownPage = (outcome: "connected" | "failed") => own ?? `/connect/done?outcome=${outcome}`;
  try {
    if (!link || link.platform !== platformId) throw new LinkUnavailableError("unknown", 404);
    assertActive(link);
    if (!link.oauthStartedAt || link.oauthStartedAt.getTime() < Date.now() - CONNECT_ATTEMPT_TTL_MS) {
      throw new SourceFlowError("Unable to connect", "The connection took too long. Open your link again and start over.", 400);
    }
    const platform = implementedPlatform(link.platform, deps);
    if (!params.code && !params.oauth_token && !params.spapi_oauth_code) {
      const said = [params.error, params.error_description].filter(Boolean).join(": ").slice(0, 300);
      throw new SourceFlowError("Unable to connect", `${platform.displayName} did not authorize the connection${said ? ` (${said})` : ""}. Open your link again to retry.`, 400);
    }
    const secret = link.oauthSecretEncrypted ? decryptJson<AttemptSecret>(link.oauthSecretEncrypted) : {};
    const { credential, accounts } = await authorizeFromReturn(platform, { requestToken: link.oauthRequestToken }, secret, params, new URL(request.url).origin, deps);
    await finishLink(db, link, { credential, accounts: toAvailable(accounts), options: secret.options }, { stateDigest });
    return {
      redirectTo: ownPage("connected"),
      setCookie: clear,
      toast: { type: "success", title: `Your ${platform.displayName} account is connected`, description: `${link.companyName} can now read its reporting data. You can close this page.` },
    };
  } catch (error) {
    if (error instanceof LinkUnavailableError) return { redirectTo: "/connect/done?outcome=unavailable", setCookie: clear, toast: { type: "error", title: "This link cannot be used", description: error.message } };
    if (error instanceof SourceFlowError) return { redirectTo: ownPage("failed"), setCookie: clear, toast: { type: "error", title: error.title, description: error.message } };
    throw error;
  }
}

/** Why a link that was active a moment ago no longer is. */
async function deadLink(db: DB, link: ClientConnectLink): Promise<LinkUnavailableError> {
  const fresh = await linksRepo.findClientLinkByToken(db, link.tokenDigest);
  const state = fresh ? linkState(fresh) : "unknown";
  return new LinkUnavailableError(state === "active" ? "used" : state, state === "unknown" ? 404 : 410);
}

/**
 * Uses the link up and creates the source in its company, in one transaction; then tells the
 * link's creator. A link used, revoked or expired meanwhile creates nothing.
 */
async function finishLink(
  db: DB,
  link: linksRepo.LinkWithOwner,
  granted: { credential: AttemptSecret["credential"]; accounts: ReturnType<typeof toAvailable>; options: AttemptSecret["options"] },
  how: { stateDigest?: string },
): Promise<number> {
  const platformName = findPlatform(link.platform)?.displayName ?? link.platform;
  const sourceId = await db.transaction().execute(async (trx) => {
    const claimed = await linksRepo.claimClientLink(trx, link.id, how);
    if (!claimed) throw await deadLink(db, link);
    const source = await sourcesRepo.createNetworkAuthorization(trx, claimed.companyId, {
      name: `${platformName} (${claimed.clientName})`.slice(0, 200),
      platform: claimed.platform,
      credential: granted.credential,
      options: granted.options ?? {},
      availableDataSources: granted.accounts,
      createdById: claimed.createdById,
    });
    await linksRepo.setClientLinkSource(trx, claimed.companyId, claimed.id, source.id);
    return source.id;
  });
  await notifyCreator(link, platformName, sourceId, granted.accounts.length).catch((error) =>
    // The source exists; a mail failure must not turn the client's success into an error.
    console.error("[client links] the creator could not be told:", error instanceof Error ? error.message : error),
  );
  return sourceId;
}

async function notifyCreator(link: linksRepo.LinkWithOwner, platformName: string, sourceId: number, accounts: number): Promise<void> {
  const url = `${appOrigin()}/data-connector/sources/${sourceId}`;
  await sendMail({
    to: link.creatorEmail,
    subject: `${link.clientName} connected ${platformName}`,
    text: [
      `${link.clientName} used your link and connected their ${platformName} account to ${link.companyName}.`,
      `The new source sees ${accounts} account${accounts === 1 ? "" : "s"}. Choose the ones to activate:`,
      url,
      "",
      "The link cannot be used again.",
    ].join("\n"),
  });
}
