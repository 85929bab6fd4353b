import { sql } from "kysely";
import type { DB } from "../connection.js";

export async function recordLoginAttempt(db: DB, input: { email: string; ip: string | null; success: boolean }) {
  await db.insertInto("loginAttempts").values({ email: input.email.trim().toLowerCase(), ip: input.ip, success: input.success }).execute();
}

/** Failures for this e-mail since its last success, within the window. */
export async function countRecentFailures(db: DB, email: string, since: Date): Promise<{ failures: number; lastFailureAt: Date | null }> {
  const normalized = email.trim().toLowerCase();
  const lastSuccess = await db
    .selectFrom("loginAttempts")
    .select("createdAt")
    .where(sql`lower(email)`, "=", normalized)
    .where("success", "=", true)
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  const from = lastSuccess && lastSuccess.createdAt > since ? lastSuccess.createdAt : since;
  const row = await db
    .selectFrom("loginAttempts")
    .select([sql<number>`count(*)::int`.as("failures"), sql<Date | null>`max(created_at)`.as("lastFailureAt")])
    .where(sql`lower(email)`, "=", normalized)
    .where("success", "=", false)
    .where("createdAt", ">", from)
    .executeTakeFirstOrThrow();
  return { failures: row.failures, lastFailureAt: row.lastFailureAt };
}
