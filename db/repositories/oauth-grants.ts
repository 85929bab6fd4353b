import type { DB } from "../connection.js";
import type { OauthGrant, OauthToken } from "../tables/integrations.js";

/**
 * Grants of the OAuth provider (decision 0861): one per consent or confirmed add-in link, each
 * owning its token family. Revoking takes the grant row's lock first, then the tokens, and a
 * rotation takes the same lock before adding a token: a token minted by a rotation that raced a
 * revocation is either revoked with the rest or never minted.
 */

export type TokenRow = { accessDigest: string; refreshDigest: string; accessExpiresAt: Date; refreshExpiresAt: Date };
export type GrantInput = { userId: number; clientId: string; platform: string | null; via: "consent" | "link"; codeDigest: string | null; resource?: string | null };
/** A company's grants, one user's within it, or one user's (a user belongs to one company). */
export type GrantScope = { companyId: number; userId?: number } | { companyId?: undefined; userId: number };

/** A new grant and its first token pair, in one transaction. */
export async function createGrantWithToken(db: DB, companyId: number, grant: GrantInput, token: TokenRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto("oauthGrants").values({ ...grant, companyId }).returning("id").executeTakeFirstOrThrow();
    await trx.insertInto("oauthTokens").values({ ...token, grantId: row.id, companyId, clientId: grant.clientId, userId: grant.userId }).execute();
    return row.id;
  });
}

/**
 * Rotation: the presented token is revoked and its successor joins the same grant. False when the
 * token was already revoked or its grant is (a replay, or a revocation that won the race).
 */
export async function rotateGrantToken(db: DB, old: Pick<OauthToken, "id" | "companyId" | "grantId" | "clientId" | "userId">, token: TokenRow, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const grant = await trx.selectFrom("oauthGrants").select("revokedAt").where("id", "=", old.grantId).where("companyId", "=", old.companyId).forUpdate().executeTakeFirst();
    if (!grant || grant.revokedAt) return false;
    const res = await trx.updateTable("oauthTokens").set({ revokedAt: now }).where("id", "=", old.id).where("revokedAt", "is", null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx.insertInto("oauthTokens").values({ ...token, grantId: old.grantId, companyId: old.companyId, clientId: old.clientId, userId: old.userId }).execute();
    return true;
  });
}

/** Revokes the grants matching `where` (already scoped by the caller) and every token they hold. */
async function revokeWhere(db: DB, now: Date, scope: (q: ReturnType<typeof grantsQuery>) => ReturnType<typeof grantsQuery>): Promise<number> {
  const run = async (trx: DB) => {
    const ids = (await scope(grantsQuery(trx)).where("revokedAt", "is", null).select("id").forUpdate().execute()).map((r) => r.id);
    if (ids.length === 0) return 0;
    await trx.updateTable("oauthGrants").set({ revokedAt: now }).where("id", "in", ids).execute();
    await trx.updateTable("oauthTokens").set({ revokedAt: now }).where("grantId", "in", ids).where("revokedAt", "is", null).execute();
    return ids.length;
  };
  // Inside a caller's transaction (a password reset) or in its own.
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

const grantsQuery = (db: DB) => db.selectFrom("oauthGrants");

export async function revokeGrant(db: DB, companyId: number, grantId: number, now: Date): Promise<boolean> {
  return (await revokeWhere(db, now, (q) => q.where("companyId", "=", companyId).where("id", "=", grantId))) === 1;
}

/** A refresh-token replay: the whole family goes, whoever holds its newest token. */
export async function revokeGrantOfToken(db: DB, token: Pick<OauthToken, "companyId" | "grantId">, now: Date): Promise<void> {
  await revokeWhere(db, now, (q) => q.where("companyId", "=", token.companyId).where("id", "=", token.grantId));
}

/** A replayed authorization code (RFC 6749 §4.1.2): the grant it started is revoked. */
export async function revokeGrantOfCode(db: DB, companyId: number, codeDigest: string, now: Date): Promise<void> {
  await revokeWhere(db, now, (q) => q.where("companyId", "=", companyId).where("codeDigest", "=", codeDigest));
}

/** Every grant of a company, or of one of its users. */
export async function revokeGrants(db: DB, scope: GrantScope, now: Date): Promise<number> {
  return revokeWhere(db, now, (q) => {
    const company = scope.companyId === undefined ? q : q.where("companyId", "=", scope.companyId);
    return scope.userId === undefined ? company : company.where("userId", "=", scope.userId);
  });
}

export type GrantListItem = Pick<OauthGrant, "id" | "platform" | "via" | "resource" | "createdAt" | "lastUsedAt"> & { clientName: string; clientDynamic: boolean; userEmail: string };

/** The company's live grants, newest first. */
export async function listActiveGrants(db: DB, companyId: number): Promise<GrantListItem[]> {
  return db
    .selectFrom("oauthGrants")
    .innerJoin("oauthClients", "oauthClients.id", "oauthGrants.clientId")
    .innerJoin("users", (j) => j.onRef("users.id", "=", "oauthGrants.userId").on("users.companyId", "=", companyId))
    .where("oauthGrants.companyId", "=", companyId)
    .where("oauthGrants.revokedAt", "is", null)
    .select([
      "oauthGrants.id",
      "oauthGrants.platform",
      "oauthGrants.via",
      "oauthGrants.resource",
      "oauthGrants.createdAt",
      "oauthGrants.lastUsedAt",
      "oauthClients.name as clientName",
      "oauthClients.dynamic as clientDynamic",
      "users.email as userEmail",
    ])
    .orderBy("oauthGrants.createdAt", "desc")
    .orderBy("oauthGrants.id", "desc")
    .execute();
}

/** The token behind a bearer, with its grant's state (a revoked grant revokes its tokens, but say it twice). */
export async function findLiveAccessToken(db: DB, accessDigest: string) {
  return db
    .selectFrom("oauthTokens")
    .innerJoin("oauthGrants", "oauthGrants.id", "oauthTokens.grantId")
    .where("oauthTokens.accessDigest", "=", accessDigest)
    .where("oauthTokens.revokedAt", "is", null)
    .where("oauthGrants.revokedAt", "is", null)
    .select(["oauthTokens.id", "oauthTokens.companyId", "oauthTokens.userId", "oauthTokens.clientId", "oauthTokens.grantId", "oauthTokens.accessExpiresAt", "oauthGrants.lastUsedAt", "oauthGrants.resource"])
    .executeTakeFirst();
}

/** "Last used" on the settings list, written at most every five minutes per grant. */
export async function touchGrant(db: DB, grantId: number, now: Date): Promise<void> {
  await db
    .updateTable("oauthGrants")
    .set({ lastUsedAt: now })
    .where("id", "=", grantId)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", new Date(now.getTime() - 5 * 60 * 1000))]))
    .execute();
}

/** The resource a grant's tokens are for (RFC 8707), checked when a refresh names one. */
export async function findGrantResource(db: DB, companyId: number, grantId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom("oauthGrants").select("resource").where("companyId", "=", companyId).where("id", "=", grantId).executeTakeFirst();
  return row?.resource;
}
