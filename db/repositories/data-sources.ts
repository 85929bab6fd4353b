import type { DB } from "../connection.js";
import { resetReadCache } from "./read-cache.js";
import type { DataSource } from "../schema.js";

export type NewDataSource = {
  networkAuthorizationId: number;
  accountId: string;
  name: string;
  timezone?: string | null;
  currency?: string | null;
  activateAlert?: boolean | null;
};

/** The authorization must belong to the same company: checked in the insert itself. */
export async function createDataSource(db: DB, companyId: number, input: NewDataSource): Promise<DataSource> {
  const auth = await db
    .selectFrom("networkAuthorizations")
    .select("id")
    .where("companyId", "=", companyId)
    .where("id", "=", input.networkAuthorizationId)
    .executeTakeFirst();
  if (!auth) throw new Error(`Source ${input.networkAuthorizationId} not found`);
  return db
    .insertInto("dataSources")
    .values({
      companyId,
      networkAuthorizationId: input.networkAuthorizationId,
      accountId: input.accountId,
      name: input.name,
      timezone: input.timezone ?? null,
      currency: input.currency ?? null,
      activateAlert: input.activateAlert ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDataSources(db: DB, companyId: number, filter: { networkAuthorizationId?: number } = {}): Promise<DataSource[]> {
  let q = db.selectFrom("dataSources").selectAll().where("companyId", "=", companyId);
  if (filter.networkAuthorizationId) q = q.where("networkAuthorizationId", "=", filter.networkAuthorizationId);
  return q.orderBy("name").execute();
}

export async function getDataSource(db: DB, companyId: number, id: number): Promise<DataSource | undefined> {
  return db.selectFrom("dataSources").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

/** Deactivates (deletes) one account of one source; false when it is not this company's. */
export async function deleteDataSource(db: DB, companyId: number, id: number, filter: { networkAuthorizationId?: number } = {}): Promise<boolean> {
  let q = db.deleteFrom("dataSources").where("companyId", "=", companyId).where("id", "=", id);
  if (filter.networkAuthorizationId) q = q.where("networkAuthorizationId", "=", filter.networkAuthorizationId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Blocks (a date) or unblocks (null) an account; false when it is not this company's. */
export async function setDataSourceBlockedAt(
  db: DB,
  companyId: number,
  id: number,
  blockedAt: Date | null,
  filter: { networkAuthorizationId?: number } = {},
): Promise<boolean> {
  let q = db.updateTable("dataSources").set({ blockedAt }).where("companyId", "=", companyId).where("id", "=", id);
  if (filter.networkAuthorizationId) q = q.where("networkAuthorizationId", "=", filter.networkAuthorizationId);
  const result = await q.executeTakeFirst();
  const updated = Number(result.numUpdatedRows) > 0;
  // A blocked account is read by nobody: what the read cache holds of it goes now, not at eviction.
  if (updated && blockedAt !== null) await resetReadCache(db, companyId, { dataSourceIds: [id] });
  return updated;
}

/** The activated account of a source by its platform account id. */
/** The ids of a source's accounts by platform account id, in one statement (readers that meet many of its accounts). */
export async function dataSourceIdsByAccount(db: DB, companyId: number, networkAuthorizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("dataSources")
    .select(["id", "accountId"])
    .where("companyId", "=", companyId)
    .where("networkAuthorizationId", "=", networkAuthorizationId)
    .execute();
  return new Map(rows.map((r) => [r.accountId, r.id]));
}

export async function findDataSourceByAccount(
  db: DB,
  companyId: number,
  networkAuthorizationId: number,
  accountId: string,
): Promise<DataSource | undefined> {
  return db
    .selectFrom("dataSources")
    .selectAll()
    .where("companyId", "=", companyId)
    .where("networkAuthorizationId", "=", networkAuthorizationId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
}

/** Turns monitoring on or off for one account (spec 1 §3 activateAlert); false when it is not this company's. */
export async function setDataSourceActivateAlert(db: DB, companyId: number, id: number, activateAlert: boolean): Promise<boolean> {
  const result = await db.updateTable("dataSources").set({ activateAlert }).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type PlatformAccount = { dataSourceId: number; accountId: string; name: string; currency: string | null; authorizationId: number; platform: string };

/** The company's activated, unblocked accounts on these platforms (the ads accounts of a cross-platform query), by platform then activation. */
export async function listActiveAccountsOnPlatforms(db: DB, companyId: number, platforms: readonly string[], limit = 500): Promise<PlatformAccount[]> {
  if (platforms.length === 0) return [];
  return db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .select(["dataSources.id as dataSourceId", "dataSources.accountId", "dataSources.name", "dataSources.currency", "networkAuthorizations.id as authorizationId", "networkAuthorizations.platform"])
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.companyId", "=", companyId)
    .where("networkAuthorizations.platform", "in", [...platforms])
    .where("dataSources.blockedAt", "is", null)
    .orderBy("networkAuthorizations.platform")
    .orderBy("dataSources.id")
    .limit(limit)
    .execute();
}
