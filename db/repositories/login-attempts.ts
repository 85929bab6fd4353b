import { sql, type Expression, type SqlBool } from "kysely";
import type { DB } from "../connection.js";
import type { LoginOutcome } from "../schema.js";
import type { ScopeFailures, ThrottleFacts } from "../../lib/sign-in-throttle.js";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Records an attempt before its password is checked, so that attempts racing in parallel count
 * each other (each one counts only the rows recorded before it). Settled by settleLoginAttempt.
 */
export async function reserveLoginAttempt(db: DB, input: { email: string; ip: string | null }): Promise<number> {
  const row = await db
    .insertInto("loginAttempts")
    .values({ email: normalizeEmail(input.email), ip: input.ip, outcome: "pending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function settleLoginAttempt(db: DB, id: number, outcome: Exclude<LoginOutcome, "pending" | "reset">): Promise<void> {
  await db.updateTable("loginAttempts").set({ outcome }).where("id", "=", id).execute();
}

/** A completed password reset: the e-mail's throttling starts again from here, whatever the address. */
export async function recordThrottleLift(db: DB, email: string): Promise<void> {
  await db.insertInto("loginAttempts").values({ email: normalizeEmail(email), ip: null, outcome: "reset" }).execute();
}

/**
 * The failures the throttling rules read (lib/sign-in-throttle.ts), counted among the rows
 * recorded before attempt `beforeId` within the window, and the database's clock they are
 * measured against (the rows' times come from it too). A pending attempt counts as a failure
 * until it is settled.
 */
export async function throttleFacts(db: DB, input: { email: string; ip: string | null; beforeId: number; windowMs: number }): Promise<{ facts: ThrottleFacts; now: Date }> {
  const email = normalizeEmail(input.email);
  const { now } = await sql<{ now: Date }>`select now() as now`.execute(db).then((r) => r.rows[0]);
  const since = new Date(now.getTime() - input.windowMs);
  const failing = sql<SqlBool>`outcome in ('pending', 'failure')`;
  const earlier = sql<SqlBool>`id < ${input.beforeId} and created_at > ${since}`;
  // The last time this e-mail was proven to belong to whoever signs in: a success (from this
  // address for the pair, from anywhere for the e-mail) or a completed password reset.
  const lastProof = (fromIp: boolean) =>
    sql<Date | null>`(select max(created_at) from login_attempts p where p.email = ${email} and p.id < ${input.beforeId}
      and (p.outcome = 'reset' or (p.outcome = 'success' ${fromIp ? sql`and p.ip is not distinct from ${input.ip}` : sql``})))`;
  const count = async (where: Expression<SqlBool>, proof: ReturnType<typeof lastProof> | null): Promise<ScopeFailures> => {
    let query = db
      .selectFrom("loginAttempts")
      .select([sql<number>`count(*)::int`.as("failures"), sql<Date | null>`max(created_at)`.as("lastFailureAt")])
      .where(failing)
      .where(earlier)
      .where(where);
    if (proof) query = query.where(sql<SqlBool>`created_at > coalesce(${proof}, '-infinity'::timestamptz)`);
    const row = await query.executeTakeFirstOrThrow();
    return { failures: row.failures, lastFailureAt: row.lastFailureAt };
  };
  const [pair, ip, all] = await Promise.all([
    count(sql<SqlBool>`email = ${email} and ip is not distinct from ${input.ip}`, lastProof(true)),
    input.ip === null ? Promise.resolve(null) : count(sql<SqlBool>`ip = ${input.ip}`, null),
    count(sql<SqlBool>`email = ${email}`, lastProof(false)),
  ]);
  return { facts: { pair, ip, email: all }, now };
}
