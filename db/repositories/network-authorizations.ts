import type { DB } from "../connection.js";
import type { AvailableAccount, NetworkAuthorization } from "../schema.js";
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
