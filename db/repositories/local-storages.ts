import type { DB } from "../connection.js";

/** Local-storage pipelines (issue 9). Every function is scoped to the company. */
export async function listLocalStorages(db: DB, companyId: number) {
  return db
    .selectFrom("localStorages")
    .leftJoin("localStorageSources", (j) => j.onRef("localStorageSources.localStorageId", "=", "localStorages.id").on("localStorageSources.companyId", "=", companyId))
    .where("localStorages.companyId", "=", companyId)
    .select(["localStorages.id", "localStorages.createdAt", "localStorages.updatedAt", (eb) => eb.fn.count<string>("localStorageSources.id").as("sources")])
    .groupBy("localStorages.id")
    .orderBy("localStorages.createdAt", "desc")
    .orderBy("localStorages.id", "desc")
    .execute();
}

export async function createLocalStorage(db: DB, companyId: number): Promise<number> {
  const row = await db.insertInto("localStorages").values({ companyId, options: JSON.stringify({}) as unknown as Record<string, unknown> }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function getLocalStorage(db: DB, companyId: number, id: number) {
  return db.selectFrom("localStorages").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

export async function listLocalStorageSources(db: DB, companyId: number, localStorageId: number) {
  return db.selectFrom("localStorageSources").selectAll().where("companyId", "=", companyId).where("localStorageId", "=", localStorageId).orderBy("id").execute();
}

export async function addLocalStorageSource(db: DB, companyId: number, localStorageId: number, input: { platform: string; accountId: string; authorizationId: number; fields: string[] }) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("localStorageSources").values({ companyId, localStorageId, ...input }).execute();
    await trx.updateTable("localStorages").set({ updatedAt: new Date() }).where("companyId", "=", companyId).where("id", "=", localStorageId).execute();
  });
}

export async function deleteLocalStorageSource(db: DB, companyId: number, localStorageId: number, sourceId: number): Promise<boolean> {
  const res = await db.deleteFrom("localStorageSources").where("companyId", "=", companyId).where("localStorageId", "=", localStorageId).where("id", "=", sourceId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
