import { sql } from "kysely";
import type { DB } from "../connection.js";

/**
 * Clients that registered themselves (RFC 7591 dynamic client registration, decision 0910): MCP
 * assistants. Unlike the operator's clients they are global rows nobody vouches for, so each
 * registration is counted against the address it came from, and those that never led to a grant
 * are forgotten after a day.
 */

export type DynamicClientInput = { id: string; name: string; secretDigest: string | null; redirectUris: string[]; registeredIp: string | null };

export async function insertDynamicClient(db: DB, input: DynamicClientInput): Promise<Date> {
  const row = await db
    .insertInto("oauthClients")
    .values({ id: input.id, name: input.name, secretDigest: input.secretDigest, public: input.secretDigest === null, redirectUris: input.redirectUris, dynamic: true, registeredIp: input.registeredIp })
    .returning("createdAt")
    .executeTakeFirstOrThrow();
  return row.createdAt;
}

/** Registrations from one address within the window (by the database's clock). */
export async function countRecentRegistrations(db: DB, ip: string, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom("oauthClients")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("dynamic", "=", true)
    .where("registeredIp", "=", ip)
    .where("createdAt", ">", sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Dynamic clients older than `olderThanMs` that no grant ever came from (their codes expired long ago). */
export async function pruneUnusedDynamicClients(db: DB, olderThanMs: number): Promise<number> {
  const res = await db
    .deleteFrom("oauthClients")
    .where("dynamic", "=", true)
    .where("createdAt", "<", sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("oauthGrants").select("oauthGrants.id").whereRef("oauthGrants.clientId", "=", "oauthClients.id"))))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
