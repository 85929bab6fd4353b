import { getDb } from "./db.server.js";
import { loggableUrl } from "~/utils/loggable-url";
import { recordAdminAction } from "../../db/repositories/admin.js";
import { markSessionAudited } from "../../db/repositories/sessions.js";
import { readForm } from "./request-input.server.js";

/** Form bodies larger than this are recorded by their route only (no form of ours comes close). */
const MAX_AUDITED_BODY = 64 * 1024;
const MAX_DETAIL = 1000;
const INTENT_FIELDS = ["intent", "_action"];
const ID_FIELD = /(^id$|Id$|_id$)/;

/** Actions already recorded: an action may resolve its session more than once. */
const recordedActions = new WeakSet<Request>();

type Impersonated = { sessionId: string; user: { id: number }; company: { id: number }; impersonatorId: number | null };

/** What was sent, without values that could be secrets or tenant data: the intent, ids, and field names. */
async function formSummary(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? "0");
  if (!type.startsWith("application/x-www-form-urlencoded") || length > MAX_AUDITED_BODY) return null;
  let form: FormData;
  try {
    // The same read the action gets (readForm keeps it per request); a refused form is the action's to answer.
    form = await readForm(request);
  } catch {
    return null;
  }
  // Any route's form, whatever its schema: only the shape is recorded, no value is acted on.
  const firstValues = new Map<string, FormDataEntryValue>();
  for (const [name, value] of form.entries()) if (!firstValues.has(name)) firstValues.set(name, value);
  const names = [...firstValues.keys()];
  const parts: string[] = [];
  for (const [name, value] of firstValues) {
    if (typeof value !== "string") continue;
    if (INTENT_FIELDS.includes(name) && /^[\w-]{1,60}$/.test(value)) parts.push(`${name}: ${value}`);
    else if (ID_FIELD.test(name) && /^\d{1,20}$/.test(value)) parts.push(`${name}: ${value}`);
  }
  if (names.length) parts.push(`fields: ${names.join(", ")}`);
  return parts.join(" · ") || null;
}

/**
 * Decision 0604, completed for issue 15 (docs/decisions/0851-impersonation-audit.md): while an
 * admin uses the product as someone else, every request is recorded in admin_actions with the
 * admin's id, the user acted as and the company: each page viewed ("GET /path" with its query),
 * each resource read, and each action ("POST /path" with its intent, ids and field names).
 * A page runs several loaders, each with its own Request (Remix copies it per loader, and a
 * client-side navigation fetches each in its own HTTP request): a marker on the session row
 * makes them one entry. So are consecutive loads of the very same page.
 */
export async function auditImpersonatedRequest(request: Request, signedIn: Impersonated): Promise<void> {
  if (signedIn.impersonatorId === null) return;
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return;
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  const mutation = method !== "GET" && method !== "HEAD";
  if (mutation && recordedActions.has(request)) return;
  if (mutation) recordedActions.add(request);
  const db = getDb();
  const marker = `${mutation ? method : "GET"} ${url.pathname}${url.search}`;
  const firstOfPage = await markSessionAudited(db, signedIn.sessionId, marker);
  if (!mutation && !firstOfPage) return;
  const query = url.search ? `query: ${loggableUrl(url.search)}` : null;
  const form = mutation ? await formSummary(request) : null;
  const detail = [query, form].filter(Boolean).join(" · ").slice(0, MAX_DETAIL) || null;
  await recordAdminAction(db, {
    adminId: signedIn.impersonatorId,
    actingAsUserId: signedIn.user.id,
    companyId: signedIn.company.id,
    action: `${method} ${loggableUrl(url.pathname)}`,
    detail,
  });
}
