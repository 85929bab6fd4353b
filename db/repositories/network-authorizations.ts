import type { DB } from "../connection.js";
import { resetReadCache } from "./read-cache.js";
import type { AvailableAccount, NetworkAuthorization } from "../schema.js";
import type { SourceConnectAttempt } from "../tables/sources.js";
import { decryptJson, encryptJson } from "../../lib/secrets.js";

/**
 * Sources (network authorizations). The credential is only ever stored encrypted; callers get it
 * back through readCredential, never as a column.
 */
export type NewNetworkAuthorization = {
  name: string;
  platform: string;
  credential: unknown;
  options?: Record<string, string | number | string[]>;
  availableDataSources?: AvailableAccount[] | null;
  createdById?: number | null;
};

export async function createNetworkAuthorization(db: DB, companyId: number, input: NewNetworkAuthorization): Promise<NetworkAuthorization> {
  return db
    .insertInto("networkAuthorizations")
    .values({
      companyId,
      name: input.name,
      platform: input.platform,
      credentialEncrypted: encryptJson(input.credential),
      options: JSON.stringify(input.options ?? {}),
      availableDataSources: input.availableDataSources ? JSON.stringify(input.availableDataSources) : null,
      lastRefresh: input.availableDataSources ? new Date() : null,
      createdById: input.createdById ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listNetworkAuthorizations(db: DB, companyId: number): Promise<NetworkAuthorization[]> {
  return db.selectFrom("networkAuthorizations").selectAll().where("companyId", "=", companyId).orderBy("name").execute();
}

export async function getNetworkAuthorization(db: DB, companyId: number, id: number): Promise<NetworkAuthorization | undefined> {
  return db.selectFrom("networkAuthorizations").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

export async function countNetworkAuthorizations(db: DB, companyId: number): Promise<number> {
  const row = await db
    .selectFrom("networkAuthorizations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("companyId", "=", companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function readCredential<T = unknown>(auth: Pick<NetworkAuthorization, "credentialEncrypted">): T {
  return decryptJson<T>(auth.credentialEncrypted);
}

/** Persists a credential the engine refreshed (OAuth2 token refresh) for this company's source. */
export async function updateCredential(db: DB, companyId: number, id: number, credential: unknown): Promise<void> {
  await db
    .updateTable("networkAuthorizations")
    .set({ credentialEncrypted: encryptJson(credential), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .execute();
}

// --- sources screens (issue 4) ----------------------------------------------------------------

export type SourceState = NetworkAuthorization["state"];

/** Every source of the company with its number of activated accounts, by name. */
export async function listNetworkAuthorizationsWithCounts(
  db: DB,
  companyId: number,
): Promise<Array<NetworkAuthorization & { activatedCount: number }>> {
  const rows = await db
    .selectFrom("networkAuthorizations as na")
    .leftJoin("dataSources as ds", (j) => j.onRef("ds.networkAuthorizationId", "=", "na.id").on("ds.companyId", "=", companyId))
    .selectAll("na")
    .select((eb) => eb.fn.count<number>("ds.id").as("activatedCount"))
    .where("na.companyId", "=", companyId)
    .groupBy("na.id")
    .orderBy("na.name")
    .orderBy("na.id")
    .execute();
  return rows.map((r) => ({ ...r, activatedCount: Number(r.activatedCount) }));
}

export async function renameNetworkAuthorization(db: DB, companyId: number, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable("networkAuthorizations")
    .set({ name, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the source; its data sources go with it (ON DELETE CASCADE). */
export async function deleteNetworkAuthorization(db: DB, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("networkAuthorizations").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A fresh credential from a reconnect (refresh of the authorization): the error count restarts,
 * and what the read cache stored through the old one goes (it may hold another login's view).
 */
export async function replaceCredential(db: DB, companyId: number, id: number, credential: unknown): Promise<boolean> {
  const result = await db
    .updateTable("networkAuthorizations")
    .set({ credentialEncrypted: encryptJson(credential), state: "SUCCESS", status: null, numberError: 0, updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
  const replaced = Number(result.numUpdatedRows) > 0;
  if (replaced) await resetReadCache(db, companyId, { networkAuthorizationId: id });
  return replaced;
}

/** Caches the account list the connector returned, with the state it implies. */
export async function saveAvailableAccounts(
  db: DB,
  companyId: number,
  id: number,
  accounts: AvailableAccount[],
  state: SourceState,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable("networkAuthorizations")
    .set({
      availableDataSources: JSON.stringify(accounts),
      lastRefresh: now,
      state,
      status: state === "SUCCESS" ? null : "Some activated accounts are no longer available.",
      updatedAt: now,
    })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .execute();
}

/** A failed call on the source's credential: state ERROR, one more error, the message kept. */
export async function recordSourceError(db: DB, companyId: number, id: number, message: string): Promise<void> {
  await db
    .updateTable("networkAuthorizations")
    .set((eb) => ({ state: "ERROR", status: message.slice(0, 500), numberError: eb("numberError", "+", 1), updatedAt: new Date() }))
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .execute();
}

// Connect attempts: the server side of the OAuth state parameter (RFC 6749 §10.12).

export type NewConnectAttempt = {
  userId: number;
  platform: string;
  name: string;
  networkAuthorizationId?: number | null;
  stateDigest: string;
  requestToken?: string | null;
  secret?: unknown;
  mode: "page" | "popup";
  fromApp?: string | null;
  expiresAt: Date;
};

export async function createConnectAttempt(db: DB, companyId: number, input: NewConnectAttempt): Promise<SourceConnectAttempt> {
  return db
    .insertInto("sourceConnectAttempts")
    .values({
      companyId,
      userId: input.userId,
      platform: input.platform,
      name: input.name,
      networkAuthorizationId: input.networkAuthorizationId ?? null,
      stateDigest: input.stateDigest,
      requestToken: input.requestToken ?? null,
      secretEncrypted: input.secret === undefined ? null : encryptJson(input.secret),
      mode: input.mode,
      fromApp: input.fromApp ?? null,
      expiresAt: input.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An open (unused, unexpired) attempt of this company's user, without using it up. */
export async function findOpenConnectAttempt(
  db: DB,
  companyId: number,
  userId: number,
  stateDigest: string,
  now: Date = new Date(),
): Promise<SourceConnectAttempt | undefined> {
  return db
    .selectFrom("sourceConnectAttempts")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("stateDigest", "=", stateDigest)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Marks the attempt used and returns it; a second call (a replayed state) gets undefined. */
export async function claimConnectAttempt(
  db: DB,
  companyId: number,
  userId: number,
  stateDigest: string,
  now: Date = new Date(),
): Promise<SourceConnectAttempt | undefined> {
  return db
    .updateTable("sourceConnectAttempts")
    .set({ usedAt: now })
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("stateDigest", "=", stateDigest)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** Keeps the credential a credential form checked, until the OAuth return handler saves it. */
export async function storeConnectAttemptSecret(db: DB, companyId: number, id: number, secret: unknown): Promise<void> {
  await db
    .updateTable("sourceConnectAttempts")
    .set({ secretEncrypted: encryptJson(secret) })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .execute();
}

export function readConnectAttemptSecret<T = unknown>(attempt: Pick<SourceConnectAttempt, "secretEncrypted">): T | undefined {
  return attempt.secretEncrypted ? decryptJson<T>(attempt.secretEncrypted) : undefined;
}

/** Housekeeping: attempts are only useful for minutes; a company's expired ones go when it starts another. */
export async function deleteStaleConnectAttempts(db: DB, companyId: number, olderThan: Date): Promise<void> {
  await db.deleteFrom("sourceConnectAttempts").where("companyId", "=", companyId).where("expiresAt", "<", olderThan).execute();
}
