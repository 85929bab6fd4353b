import type { DB } from "../connection.js";
import type { OauthClient } from "../tables/integrations.js";

/**
 * The product as an OAuth2 provider (RFC 6749 authorization code grant, refresh tokens, RFC 7009
 * revocation). Clients are global (registered by operators); codes and tokens belong to one
 * company and one user and every lookup filters by the stored digest, never by a raw secret.
 */

export async function upsertOauthClient(
  db: DB,
  input: { id: string; name: string; secretDigest: string | null; redirectUris: string[]; scriptPlatforms?: Record<string, string>; public?: boolean },
): Promise<void> {
  const values = { ...input, public: input.public ?? false, scriptPlatforms: JSON.stringify(input.scriptPlatforms ?? {}) as unknown as Record<string, string> };
  await db
    .insertInto("oauthClients")
    .values(values)
    .onConflict((oc) => oc.column("id").doUpdateSet({ name: values.name, secretDigest: values.secretDigest, redirectUris: values.redirectUris, scriptPlatforms: values.scriptPlatforms, public: values.public }))
    .execute();
}

export async function findOauthClient(db: DB, clientId: string): Promise<OauthClient | undefined> {
  return db.selectFrom("oauthClients").selectAll().where("id", "=", clientId).executeTakeFirst();
}

export async function insertOauthCode(
  db: DB,
  companyId: number,
  input: { codeDigest: string; clientId: string; userId: number; redirectUri: string; platform: string | null; codeChallenge: string | null; codeChallengeMethod: string | null; resource?: string | null; expiresAt: Date },
): Promise<void> {
  await db.insertInto("oauthCodes").values({ ...input, companyId }).execute();
}

/**
 * Marks the code used and returns it, atomically: a second redemption (replay) finds it used.
 * Returns the row even when already used or expired so the caller can revoke what the code minted.
 */
export async function consumeOauthCode(db: DB, codeDigest: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("oauthCodes").selectAll().where("codeDigest", "=", codeDigest).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    if (!row.usedAt) await trx.updateTable("oauthCodes").set({ usedAt: now }).where("codeDigest", "=", codeDigest).execute();
    return row;
  });
}

export async function findTokenByAccessDigest(db: DB, accessDigest: string) {
  return db.selectFrom("oauthTokens").selectAll().where("accessDigest", "=", accessDigest).executeTakeFirst();
}

export async function findTokenByRefreshDigest(db: DB, refreshDigest: string) {
  return db.selectFrom("oauthTokens").selectAll().where("refreshDigest", "=", refreshDigest).executeTakeFirst();
}

// ---------- Excel one-click links ----------

export async function createAddonLink(db: DB, uuid: string, platform: string): Promise<void> {
  await db.insertInto("addonLinks").values({ uuid, platform }).onConflict((oc) => oc.column("uuid").doNothing()).execute();
}

/** Links a pending uuid to the signed-in user; a uuid already linked to someone else is not taken over. */
export async function linkAddonLink(db: DB, companyId: number, userId: number, uuid: string, platform: string, now: Date): Promise<boolean> {
  await createAddonLink(db, uuid, platform);
  const res = await db
    .updateTable("addonLinks")
    .set({ companyId, userId, linkedAt: now })
    .where("uuid", "=", uuid)
    .where("platform", "=", platform)
    .where("claimedAt", "is", null)
    .where((eb) => eb.or([eb("companyId", "is", null), eb.and([eb("companyId", "=", companyId), eb("userId", "=", userId)])]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The add-in claims its link once; returns who it was linked to. */
export async function claimAddonLink(db: DB, uuid: string, now: Date, maxAgeMs: number) {
  const row = await db
    .updateTable("addonLinks")
    .set({ claimedAt: now })
    .where("uuid", "=", uuid)
    .where("claimedAt", "is", null)
    .where("linkedAt", "is not", null)
    .where("createdAt", ">=", new Date(now.getTime() - maxAgeMs))
    .returning(["companyId", "userId", "platform"])
    .executeTakeFirst();
  return row && row.companyId !== null && row.userId !== null ? { companyId: row.companyId, userId: row.userId, platform: row.platform } : undefined;
}


export async function findAddonLink(db: DB, uuid: string) {
  return db.selectFrom("addonLinks").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

/** Links confirmed by the company's users that no add-in has claimed yet, still claimable. */
export async function listPendingAddonLinks(db: DB, companyId: number, since: Date) {
  return db
    .selectFrom("addonLinks")
    .innerJoin("users", (j) => j.onRef("users.id", "=", "addonLinks.userId").on("users.companyId", "=", companyId))
    .where("addonLinks.companyId", "=", companyId)
    .where("addonLinks.claimedAt", "is", null)
    .where("addonLinks.linkedAt", "is not", null)
    .where("addonLinks.createdAt", ">=", since)
    .select(["addonLinks.uuid", "addonLinks.platform", "addonLinks.linkedAt", "addonLinks.createdAt", "users.email as userEmail"])
    .orderBy("addonLinks.linkedAt", "desc")
    .execute();
}

/** Unclaimed links of a company (or one of its users) stop being claimable. */
export async function cancelPendingAddonLinks(db: DB, scope: ({ companyId: number; userId?: number } | { companyId?: undefined; userId: number }) & { uuid?: string }): Promise<number> {
  let q = db.deleteFrom("addonLinks").where("claimedAt", "is", null);
  if (scope.companyId !== undefined) q = q.where("companyId", "=", scope.companyId);
  if (scope.userId !== undefined) q = q.where("userId", "=", scope.userId);
  if (scope.uuid !== undefined) q = q.where("uuid", "=", scope.uuid);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}
