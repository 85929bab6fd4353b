import { sql, type SqlBool } from "kysely";
import type { DB } from "../connection.js";
import type { MailKind } from "../tables/throttling.js";
import { normalizeEmail } from "./login-attempts.js";

export type MailLimits = { perAddress: number; perIp: number; windowMs: number };
export type MailReservation = { ok: true } | { ok: false; scope: "address" | "ip"; retryInMs: number };

/**
 * Counts a request for an account e-mail and says whether it may be sent: at most
 * `perAddress` of one kind to one recipient and `perIp` of any kind from one client address per
 * window. Recorded first and counted among the earlier rows, so parallel requests cannot slip
 * through together; a refused request is marked so and does not push the window further.
 */
export async function reserveMailRequest(db: DB, input: { kind: MailKind; address: string; ip: string | null }, limits: MailLimits): Promise<MailReservation> {
  const address = normalizeEmail(input.address);
  const { id, createdAt: now } = await db.insertInto("mailRequests").values({ kind: input.kind, address, ip: input.ip }).returning(["id", "createdAt"]).executeTakeFirstOrThrow();
  const since = new Date(now.getTime() - limits.windowMs);
  const within = (where: ReturnType<typeof sql<SqlBool>>) =>
    db
      .selectFrom("mailRequests")
      .select([sql<number>`count(*)::int`.as("n"), sql<Date | null>`min(created_at)`.as("oldest")])
      .where("refused", "=", false)
      .where("id", "<", id)
      .where("createdAt", ">", since)
      .where(where)
      .executeTakeFirstOrThrow();
  const checks: Array<{ scope: "address" | "ip"; limit: number; where: ReturnType<typeof sql<SqlBool>> }> = [
    { scope: "address", limit: limits.perAddress, where: sql<SqlBool>`address = ${address} and kind = ${input.kind}` },
  ];
  if (input.ip !== null) checks.push({ scope: "ip", limit: limits.perIp, where: sql<SqlBool>`ip = ${input.ip}` });
  for (const check of checks) {
    const { n, oldest } = await within(check.where);
    if (n >= check.limit) {
      await db.updateTable("mailRequests").set({ refused: true }).where("id", "=", id).execute();
      // The oldest request of the window leaves it first; then one more may go.
      return { ok: false, scope: check.scope, retryInMs: Math.max(0, (oldest ?? now).getTime() + limits.windowMs - now.getTime()) };
    }
  }
  return { ok: true };
}
