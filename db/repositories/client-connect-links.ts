// Client connect links (decision 0932). Listing, creating and revoking are scoped to the company;
// the client, who has no account, reaches a link only by its token (looked up by digest) or by the
// state of the OAuth trip it started (digest too), like invitation and reset tokens.
import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { ClientConnectLink } from "../tables/client-links.js";

export type NewClientLink = { createdById: number; platform: string; clientName: string; message: string | null; tokenDigest: string; expiresAt: Date };

export async function createClientLink(db: DB, companyId: number, input: NewClientLink): Promise<ClientConnectLink> {
  return db.insertInto("clientConnectLinks").values({ companyId, ...input }).returningAll().executeTakeFirstOrThrow();
}

export type ClientLinkRow = ClientConnectLink & { creatorEmail: string; sourceName: string | null };

export async function listClientLinks(db: DB, companyId: number, limit = 200): Promise<ClientLinkRow[]> {
  return db
    .selectFrom("clientConnectLinks as l")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "l.createdById").onRef("u.companyId", "=", "l.companyId"))
    .leftJoin("networkAuthorizations as na", (j) => j.onRef("na.id", "=", "l.networkAuthorizationId").onRef("na.companyId", "=", "l.companyId"))
    .selectAll("l")
    .select(["u.email as creatorEmail", "na.name as sourceName"])
    .where("l.companyId", "=", companyId)
    .orderBy("l.createdAt", "desc")
    .orderBy("l.id", "desc")
    .limit(limit)
    .execute();
}

/** Revokes a link that has not been used; answers whether one was. */
export async function revokeClientLink(db: DB, companyId: number, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("clientConnectLinks")
    .set({ revokedAt: now, oauthStateDigest: null, oauthRequestToken: null, oauthSecretEncrypted: null })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type LinkWithOwner = ClientConnectLink & { companyName: string; creatorEmail: string; creatorFirstName: string | null; creatorLastName: string | null };

function withOwner(db: DB) {
  return db
    .selectFrom("clientConnectLinks as l")
    .innerJoin("companies as c", "c.id", "l.companyId")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "l.createdById").onRef("u.companyId", "=", "l.companyId"))
    .selectAll("l")
    .select(["c.name as companyName", "u.email as creatorEmail", "u.firstName as creatorFirstName", "u.lastName as creatorLastName"]);
}

/** The link a token opens, whatever its state (the page says which); the token is the capability. */
export async function findClientLinkByToken(db: DB, tokenDigest: string): Promise<LinkWithOwner | undefined> {
  return withOwner(db).where("l.tokenDigest", "=", tokenDigest).executeTakeFirst();
}

/** The link whose OAuth trip this state belongs to. */
export async function findClientLinkByOAuthState(db: DB, stateDigest: string): Promise<LinkWithOwner | undefined> {
  return withOwner(db).where("l.oauthStateDigest", "=", stateDigest).executeTakeFirst();
}

const active = (now: Date) => sql<boolean>`used_at is null and revoked_at is null and expires_at > ${now}`;

/** Records the OAuth trip the client starts on a link that is still usable; a new trip replaces the last. */
export async function startClientLinkOAuth(
  db: DB,
  id: number,
  trip: { stateDigest: string; requestToken: string | null; secretEncrypted: string | null },
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("clientConnectLinks")
    .set({ oauthStateDigest: trip.stateDigest, oauthRequestToken: trip.requestToken, oauthSecretEncrypted: trip.secretEncrypted, oauthStartedAt: now })
    .where("id", "=", id)
    .where(active(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Uses the link up, once: only while it is unused, not revoked and not expired, and (for an OAuth
 * return) only with the state of its current trip. Two racing uses: one gets the row, the other
 * undefined. Run it in the transaction that creates the source.
 */
export async function claimClientLink(db: DB, id: number, how: { stateDigest?: string }, now = new Date()): Promise<ClientConnectLink | undefined> {
  let q = db
    .updateTable("clientConnectLinks")
    .set({ usedAt: now, oauthStateDigest: null, oauthRequestToken: null, oauthSecretEncrypted: null })
    .where("id", "=", id)
    .where(active(now));
  if (how.stateDigest !== undefined) q = q.where("oauthStateDigest", "=", how.stateDigest);
  return q.returningAll().executeTakeFirst();
}

export async function setClientLinkSource(db: DB, companyId: number, id: number, networkAuthorizationId: number): Promise<void> {
  await db.updateTable("clientConnectLinks").set({ networkAuthorizationId }).where("companyId", "=", companyId).where("id", "=", id).execute();
}
