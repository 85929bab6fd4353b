import type { DB } from "../connection.js";
import { randomToken, tokenDigest } from "../../lib/secrets.js";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Returns the clear token for the e-mail link; only its digest is stored. */
export async function createPasswordReset(db: DB, userId: number, now = new Date()): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto("passwordResets")
    .values({ userId, tokenDigest: tokenDigest(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) })
    .execute();
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
