import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { User } from "../schema.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";

/** Invitation links work once, for 7 days (long enough for a weekend, short enough to go stale). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** E-mail verification links of a self-service sign-up work once, for 24 hours. */
export const SIGNUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export type Invitation = { id: number; companyId: number; email: string; expiresAt: Date; usedAt: Date | null; createdAt: Date };

/** Any user anywhere with this e-mail (case-insensitive): e-mails are unique across companies. */
export async function emailIsTaken(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where(sql`lower(email)`, "=", email.trim().toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

/** Creates an invitation and returns its clear token (only the digest is stored). Older pending ones for the e-mail stop working. */
export async function createInvitation(db: DB, companyId: number, input: { email: string; invitedById: number }, now = new Date()): Promise<string> {
  const token = randomToken(32);
  await db
    .updateTable("invitations")
    .set({ expiresAt: now })
    .where("companyId", "=", companyId)
    .where(sql`lower(email)`, "=", input.email.trim().toLowerCase())
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .execute();
  await db
    .insertInto("invitations")
    .values({
      companyId,
      email: input.email.trim(),
      tokenDigest: tokenDigest(token),
      invitedById: input.invitedById,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    .execute();
  return token;
}

/** Token lookups are the one way in that is not company-scoped: the token itself is the proof. */
export async function findUsableInvitation(db: DB, token: string, now = new Date()): Promise<Invitation | undefined> {
  return db
    .selectFrom("invitations")
    .select(["id", "companyId", "email", "expiresAt", "usedAt", "createdAt"])
    .where("tokenDigest", "=", tokenDigest(token))
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

export async function consumeInvitation(db: DB, id: number, now = new Date()): Promise<boolean> {
  const res = await db.updateTable("invitations").set({ usedAt: now }).where("id", "=", id).where("usedAt", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listPendingInvitations(db: DB, companyId: number, now = new Date()): Promise<Invitation[]> {
  return db
    .selectFrom("invitations")
    .select(["id", "companyId", "email", "expiresAt", "usedAt", "createdAt"])
    .where("companyId", "=", companyId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .execute();
}

export async function revokeInvitation(db: DB, companyId: number, id: number, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable("invitations")
    .set({ expiresAt: now })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export type TeamChangeResult = "ok" | "not-found" | "primary" | "self";

/** The primary user cannot be deleted; nor can people delete themselves (they would lock themselves out mid-request). */
export async function deleteCompanyUser(db: DB, companyId: number, userId: number, actingUserId: number): Promise<TeamChangeResult> {
  return db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom("companies").select("mainUserId").where("id", "=", companyId).forUpdate().executeTakeFirst();
    const user = await trx.selectFrom("users").select("id").where("companyId", "=", companyId).where("id", "=", userId).executeTakeFirst();
    if (!company || !user) return "not-found";
    if (company.mainUserId === userId) return "primary";
    if (userId === actingUserId) return "self";
    await trx.deleteFrom("users").where("companyId", "=", companyId).where("id", "=", userId).execute();
    return "ok";
  });
}

export async function makePrimaryUser(db: DB, companyId: number, userId: number): Promise<TeamChangeResult> {
  return db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom("companies").select("mainUserId").where("id", "=", companyId).forUpdate().executeTakeFirst();
    const user = await trx.selectFrom("users").select(["id", "isActive"]).where("companyId", "=", companyId).where("id", "=", userId).executeTakeFirst();
    if (!company || !user || !user.isActive) return "not-found";
    if (company.mainUserId === userId) return "primary";
    await trx.updateTable("companies").set({ mainUserId: userId }).where("id", "=", companyId).execute();
    return "ok";
  });
}

export async function updateCompanyName(db: DB, companyId: number, name: string): Promise<void> {
  await db.updateTable("companies").set({ name }).where("id", "=", companyId).execute();
}

export async function updateUserNames(db: DB, companyId: number, userId: number, names: { firstName: string | null; lastName: string | null }): Promise<void> {
  await db.updateTable("users").set(names).where("companyId", "=", companyId).where("id", "=", userId).execute();
}

// ---- self-service sign-up (e-mail + password, verified by e-mail) ----

export async function createPendingSignup(
  db: DB,
  input: { email: string; companyName: string; firstName: string | null; lastName: string | null; passwordHash: string },
  now = new Date(),
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto("pendingSignups")
    .values({ ...input, email: input.email.trim(), tokenDigest: tokenDigest(token), expiresAt: new Date(now.getTime() + SIGNUP_TOKEN_TTL_MS) })
    .execute();
  return token;
}

export async function findUsablePendingSignup(db: DB, token: string, now = new Date()) {
  return db
    .selectFrom("pendingSignups")
    .selectAll()
    .where("tokenDigest", "=", tokenDigest(token))
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

export async function consumePendingSignup(db: DB, id: number, now = new Date()): Promise<boolean> {
  const res = await db.updateTable("pendingSignups").set({ usedAt: now }).where("id", "=", id).where("usedAt", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export type { User };
