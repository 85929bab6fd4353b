import { sql } from "kysely";
import type { DB } from "../connection.js";
import { randomToken } from "../../lib/secrets.js";

export type SessionRecord = {
  id: string;
  userId: number;
  impersonatorId: number | null;
  data: Record<string, unknown>;
  expiresAt: Date;
};

export async function createSessionRecord(
  db: DB,
  input: { userId: number; impersonatorId?: number | null; data?: Record<string, unknown>; expiresAt: Date },
): Promise<SessionRecord> {
  return db
    .insertInto("sessions")
    .values({
      id: randomToken(32),
      userId: input.userId,
      impersonatorId: input.impersonatorId ?? null,
      data: JSON.stringify(input.data ?? {}),
      expiresAt: input.expiresAt,
    })
    .returning(["id", "userId", "impersonatorId", "data", "expiresAt"])
    .executeTakeFirstOrThrow();
}

/** Expired rows count as missing, so a stolen old cookie cannot revive a session. */
export async function readSessionRecord(db: DB, id: string, now = new Date()): Promise<SessionRecord | undefined> {
  return db
    .selectFrom("sessions")
    .select(["id", "userId", "impersonatorId", "data", "expiresAt"])
    .where("id", "=", id)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

export async function updateSessionData(db: DB, id: string, data: Record<string, unknown>, expiresAt?: Date): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ data: JSON.stringify(data), ...(expiresAt ? { expiresAt } : {}) })
    .where("id", "=", id)
    .execute();
}

export async function deleteSessionRecord(db: DB, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteUserSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("userId", "=", userId).execute();
}

export async function purgeExpiredSessions(db: DB, now = new Date()): Promise<number> {
  const res = await db.deleteFrom("sessions").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Records `key` as what the session did last (the impersonation audit's page marker); false
 * when it already was. One UPDATE, so of parallel callers with the same key exactly one wins.
 */
export async function markSessionAudited(db: DB, id: string, key: string): Promise<boolean> {
  const res = await db
    .updateTable("sessions")
    .set({ data: sql`jsonb_set(data, '{lastAudited}', to_jsonb(${key}::text))` })
    .where("id", "=", id)
    .where(sql`data->>'lastAudited'`, "is distinct from", key)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
