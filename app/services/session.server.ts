import { createCookie, redirect } from "@remix-run/node";
import { safeRedirectTo } from "~/utils/safe-redirect";
import { getSessionSecrets } from "../../lib/secrets.js";
import { getDb } from "./db.server.js";
import { assertSameOrigin } from "./csrf.server.js";
import { createSessionRecord, deleteSessionRecord, readSessionRecord } from "../../db/repositories/sessions.js";
import { getUserById, isAdmin } from "../../db/repositories/users.js";
import { getCompany } from "../../db/repositories/companies.js";
import { auditImpersonatedRequest } from "./impersonation-audit.server.js";
import type { Company, User } from "../../db/schema.js";
import { getEnv } from "../../lib/env.js";

/**
 * Server-side sessions: the cookie only carries a signed random id; the row in `sessions` holds
 * who is signed in, until when, and whether an admin is acting as them. A forged cookie fails
 * the signature, an expired or deleted row reads as signed out.
 */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie("__sp_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: getSessionSecrets(),
    secure: getEnv().NODE_ENV === "production" && (getEnv().APP_URL ?? "").startsWith("https:"),
  });
  return cookie;
}

export { safeRedirectTo };

export type SignedIn = { sessionId: string; user: User; company: Company; impersonatorId: number | null };

export async function getSignedIn(request: Request): Promise<SignedIn | null> {
  const raw = request.headers.get("Cookie");
  if (!raw) return null;
  let sessionId: unknown;
  try {
    sessionId = await sessionCookie().parse(raw);
  } catch {
    return null;
  }
  if (typeof sessionId !== "string" || !sessionId) return null;
  const db = getDb();
  const record = await readSessionRecord(db, sessionId);
  if (!record) return null;
  const user = await getUserById(db, record.userId);
  if (!user || !user.isActive) return null;
  const company = await getCompany(db, user.companyId);
  if (!company) return null;
  const signedIn = { sessionId, user, company, impersonatorId: record.impersonatorId };
  // "Use as": every page and action is recorded with the admin's id (decision 0851).
  if (signedIn.impersonatorId !== null) await auditImpersonatedRequest(request, signedIn);
  return signedIn;
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  const target = redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  // Clear whatever cookie brought us here (expired or forged) so the browser stops sending it.
  throw redirect(target, { headers: { "Set-Cookie": clearedSessionCookie() } });
}

function clearedSessionCookie(): string {
  return `__sp_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/** Every signed-in loader and action starts here; mutations are also checked for same origin. */
export async function requireUser(request: Request): Promise<SignedIn> {
  assertSameOrigin(request);
  const signedIn = await getSignedIn(request);
  if (!signedIn) loginRedirect(request);
  return signedIn;
}

export async function requireAdmin(request: Request): Promise<SignedIn> {
  const signedIn = await requireUser(request);
  if (!isAdmin(signedIn.user)) throw redirect("/");
  return signedIn;
}

export async function createUserSession(opts: {
  userId: number;
  remember: boolean;
  redirectTo: string;
  impersonatorId?: number | null;
  headers?: HeadersInit;
}): Promise<Response> {
  const ttl = opts.remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS;
  const record = await createSessionRecord(getDb(), {
    userId: opts.userId,
    impersonatorId: opts.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + ttl),
  });
  const headers = new Headers(opts.headers);
  // Without "Remember Me" the cookie dies with the browser; the row expires server-side anyway.
  headers.append(
    "Set-Cookie",
    await sessionCookie().serialize(record.id, opts.remember ? { maxAge: Math.floor(ttl / 1000) } : {}),
  );
  return redirect(safeRedirectTo(opts.redirectTo), { headers });
}

export async function destroyUserSession(request: Request, redirectTo = "/"): Promise<Response> {
  const signedIn = await getSignedIn(request);
  if (signedIn) await deleteSessionRecord(getDb(), signedIn.sessionId);
  return redirect(safeRedirectTo(redirectTo), { headers: { "Set-Cookie": clearedSessionCookie() } });
}
