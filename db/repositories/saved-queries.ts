import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { SavedQuery } from "../tables/query-urls.js";

// The json column is read as text and parsed here: CamelCasePlugin would otherwise rename the
// definition's own keys (authorization_id, custom_date) on the way out.
const columns = ["id", "companyId", "name", "createdById", "createdAt", "updatedAt"] as const;
const jsonText = sql<string>`json::text`.as("jsonText");
type Row = Omit<SavedQuery, "json"> & { jsonText: string };
function withJson(row: Row): SavedQuery;
function withJson(row: Row | undefined): SavedQuery | undefined;
function withJson(row: Row | undefined): SavedQuery | undefined {
  if (!row) return undefined;
  const { jsonText: text, ...rest } = row;
  return { ...rest, json: JSON.parse(text) as Record<string, unknown> };
}

/** Saved queries of the query builder (spec 2 §3 "Saved query": id, name, createdAt, json). */
export async function listSavedQueries(db: DB, companyId: number): Promise<SavedQuery[]> {
  const rows = await db.selectFrom("savedQueries").select([...columns, jsonText]).where("companyId", "=", companyId).orderBy("createdAt", "desc").orderBy("id", "desc").execute();
  return rows.map((r) => withJson(r));
}

export async function getSavedQuery(db: DB, companyId: number, id: number): Promise<SavedQuery | undefined> {
  return withJson(await db.selectFrom("savedQueries").select([...columns, jsonText]).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst());
}

export async function createSavedQuery(
  db: DB,
  companyId: number,
  input: { name: string; json: Record<string, unknown>; createdById?: number | null },
): Promise<SavedQuery> {
  return db
    .insertInto("savedQueries")
    .values({ companyId, name: input.name, json: JSON.stringify(input.json), createdById: input.createdById ?? null })
    .returning([...columns, jsonText])
    .executeTakeFirstOrThrow()
    .then((r) => withJson(r));
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
    .returning([...columns, jsonText])
    .executeTakeFirst()
    .then((r) => withJson(r));
}

export async function deleteSavedQuery(db: DB, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom("savedQueries").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
