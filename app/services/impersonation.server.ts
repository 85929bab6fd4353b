import { getDb } from "./db.server.js";
import { createUserSession, getSignedIn } from "./session.server.js";
import { getUserById, isAdmin } from "../../db/repositories/users.js";
import { deleteSessionRecord } from "../../db/repositories/sessions.js";
import { recordAdminAction } from "../../db/repositories/admin.js";
import type { SignedIn } from "./session.server.js";

/**
 * "Use as" (spec 3 §4): the admin's session is replaced by one for the target user that carries
 * the admin's id (sessions.impersonator_id). The shell shows a banner with the way back, and
 * every state-changing request made meanwhile is recorded with the admin's id (requireUser).
 */
export async function startImpersonation(admin: SignedIn, targetUserId: number): Promise<Response | null> {
  const db = getDb();
  const target = await getUserById(db, targetUserId);
  if (!target || !target.isActive || target.id === admin.user.id) return null;
  await recordAdminAction(db, { adminId: admin.user.id, actingAsUserId: target.id, companyId: target.companyId, action: "use-as", detail: target.email });
  await deleteSessionRecord(db, admin.sessionId);
  return createUserSession({ userId: target.id, remember: false, redirectTo: "/", impersonatorId: admin.user.id });
}

/** Back to the admin's own session; null when the session is not an impersonation (or the admin lost the role). */
export async function stopImpersonation(request: Request): Promise<Response | null> {
  const signedIn = await getSignedIn(request);
  if (!signedIn?.impersonatorId) return null;
  const db = getDb();
  const admin = await getUserById(db, signedIn.impersonatorId);
  await deleteSessionRecord(db, signedIn.sessionId);
  if (!admin || !admin.isActive || !isAdmin(admin)) return null;
  await recordAdminAction(db, { adminId: admin.id, actingAsUserId: signedIn.user.id, companyId: signedIn.company.id, action: "stop-impersonating", detail: signedIn.user.email });
  return createUserSession({ userId: admin.id, remember: false, redirectTo: "/admin/users" });
}
