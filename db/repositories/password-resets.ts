import type { DB } from "../connection.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Returns the clear token for the e-mail link; only its digest is stored. Every earlier unused
 * link of the user stops working: only the newest e-mail can reset the password. Ordered by id,
 * so two requests at once leave exactly the later one usable.
 */
export async function createPasswordReset(db: DB, userId: number, now = new Date()): Promise<string> {
  const token = randomToken(32);
  const { id } = await db
    .insertInto("passwordResets")
    .values({ userId, tokenDigest: tokenDigest(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("passwordResets").set({ usedAt: now }).where("userId", "=", userId).where("id", "<", id).where("usedAt", "is", null).execute();
  return token;
}

export async function findUsablePasswordReset(db: DB, token: string, now = new Date()) {
  return db
    .selectFrom("passwordResets")
    .select(["id", "userId", "expiresAt"])
    .where("tokenDigest", "=", tokenDigest(token))
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Single use: marks the token used only if nobody used it first (safe against double submits). */
export async function consumePasswordReset(db: DB, id: number, now = new Date()): Promise<boolean> {
  const res = await db
    .updateTable("passwordResets")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** After a reset, no other link of the user (older or newer) works any more. */
export async function invalidatePasswordResets(db: DB, userId: number, now = new Date()): Promise<void> {
  await db.updateTable("passwordResets").set({ usedAt: now }).where("userId", "=", userId).where("usedAt", "is", null).execute();
}
