import type { DB } from "../connection.js";
import type { OauthClient } from "../tables/integrations.js";

/**
 * The product as an OAuth2 provider (RFC 6749 authorization code grant, refresh tokens, RFC 7009
 * revocation). Clients are global (registered by operators); codes and tokens belong to one
 * company and one user and every lookup filters by the stored digest, never by a raw secret.
 */

export async function upsertOauthClient(
  db: DB,
  input: { id: string; name: string; secretDigest: string; redirectUris: string[]; scriptPlatforms?: Record<string, string> },
): Promise<void> {
  const values = { ...input, scriptPlatforms: JSON.stringify(input.scriptPlatforms ?? {}) as unknown as Record<string, string> };
  await db
    .insertInto("oauthClients")
    .values(values)
    .onConflict((oc) => oc.column("id").doUpdateSet({ name: values.name, secretDigest: values.secretDigest, redirectUris: values.redirectUris, scriptPlatforms: values.scriptPlatforms }))
    .execute();
}

export async function findOauthClient(db: DB, clientId: string): Promise<OauthClient | undefined> {
  return db.selectFrom("oauthClients").selectAll().where("id", "=", clientId).executeTakeFirst();
}

export async function insertOauthCode(
  db: DB,
  companyId: number,
  input: { codeDigest: string; clientId: string; userId: number; redirectUri: string; platform: string | null; expiresAt: Date },
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

export async function insertOauthToken(
  db: DB,
  companyId: number,
  input: { clientId: string; userId: number; accessDigest: string; refreshDigest: string; accessExpiresAt: Date; refreshExpiresAt: Date },
): Promise<number> {
  const row = await db.insertInto("oauthTokens").values({ ...input, companyId }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function findTokenByAccessDigest(db: DB, accessDigest: string) {
  return db.selectFrom("oauthTokens").selectAll().where("accessDigest", "=", accessDigest).executeTakeFirst();
}

export async function findTokenByRefreshDigest(db: DB, refreshDigest: string) {
  return db.selectFrom("oauthTokens").selectAll().where("refreshDigest", "=", refreshDigest).executeTakeFirst();
}

export async function revokeOauthToken(db: DB, companyId: number, tokenId: number, now: Date): Promise<void> {
  await db.updateTable("oauthTokens").set({ revokedAt: now }).where("id", "=", tokenId).where("companyId", "=", companyId).where("revokedAt", "is", null).execute();
}

/** Tokens minted from a replayed code are revoked (RFC 6749 §4.1.2: "SHOULD revoke"). */
export async function revokeTokensOfCodeGrant(db: DB, companyId: number, clientId: string, userId: number, since: Date, now: Date): Promise<void> {
  await db
    .updateTable("oauthTokens")
    .set({ revokedAt: now })
    .where("companyId", "=", companyId)
    .where("clientId", "=", clientId)
    .where("userId", "=", userId)
    .where("createdAt", ">=", since)
    .where("revokedAt", "is", null)
    .execute();
}

/** Rotation: the old refresh token stops working the moment its successor is minted. */
export async function rotateOauthToken(
  db: DB,
  companyId: number,
  oldId: number,
  input: { clientId: string; userId: number; accessDigest: string; refreshDigest: string; accessExpiresAt: Date; refreshExpiresAt: Date },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx.updateTable("oauthTokens").set({ revokedAt: now }).where("id", "=", oldId).where("companyId", "=", companyId).where("revokedAt", "is", null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx.insertInto("oauthTokens").values({ ...input, companyId }).execute();
    return true;
  });
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

