import type { DB } from "../connection.js";
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
