import type { DB } from "../connection.js";
import type { SavedQuery } from "../tables/query-urls.js";

/** Saved queries of the query builder (spec 2 §3 "Saved query": id, name, createdAt, json). */
export async function listSavedQueries(db: DB, companyId: number): Promise<SavedQuery[]> {
  return db.selectFrom("savedQueries").selectAll().where("companyId", "=", companyId).orderBy("createdAt", "desc").orderBy("id", "desc").execute();
}

export async function getSavedQuery(db: DB, companyId: number, id: number): Promise<SavedQuery | undefined> {
  return db.selectFrom("savedQueries").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

export async function createSavedQuery(
  db: DB,
  companyId: number,
  input: { name: string; json: Record<string, unknown>; createdById?: number | null },
): Promise<SavedQuery> {
  return db
    .insertInto("savedQueries")
    .values({ companyId, name: input.name, json: JSON.stringify(input.json), createdById: input.createdById ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSavedQuery(
  db: DB,
  companyId: number,
  id: number,
  input: { name: string; json: Record<string, unknown> },
): Promise<SavedQuery | undefined> {
  return db
    .updateTable("savedQueries")
    .set({ name: input.name, json: JSON.stringify(input.json), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSavedQuery(db: DB, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("savedQueries").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
