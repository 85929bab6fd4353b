import type { DB } from "../connection.js";
import type { GdsField, GdsFieldTranslation } from "../tables/account.js";

/**
 * Looker Studio (Google Data Studio) field overlay, managed by platform admins. The engine's field
 * lists say which fields exist; these rows give them names, descriptions, formulas and
 * translations in the connector's schema. Global rows have company_id null.
 */
export type GdsFieldInput = Pick<
  GdsField,
  "platform" | "fieldId" | "defaultName" | "defaultDescription" | "name" | "description" | "formula" | "status" | "type" | "fieldType" | "aggregationType"
>;

export async function listGdsFields(db: DB, filter: { platform?: string } = {}): Promise<GdsField[]> {
  let q = db.selectFrom("gdsFields").selectAll().where("companyId", "is", null);
  if (filter.platform) q = q.where("platform", "=", filter.platform);
  return q.orderBy("platform").orderBy("defaultName").execute();
}

export async function getGdsField(db: DB, id: number): Promise<GdsField | undefined> {
  return db.selectFrom("gdsFields").selectAll().where("id", "=", id).where("companyId", "is", null).executeTakeFirst();
}

export class DuplicateGdsFieldError extends Error {}

export async function createGdsField(db: DB, input: GdsFieldInput): Promise<GdsField> {
  const existing = await db.selectFrom("gdsFields").select("id").where("companyId", "is", null).where("platform", "=", input.platform).where("fieldId", "=", input.fieldId).executeTakeFirst();
  if (existing) throw new DuplicateGdsFieldError(`${input.platform}/${input.fieldId} already has an entry`);
  return db.insertInto("gdsFields").values(input).returningAll().executeTakeFirstOrThrow();
}

export async function updateGdsField(db: DB, id: number, input: GdsFieldInput): Promise<boolean> {
  const res = await db.updateTable("gdsFields").set({ ...input, updatedAt: new Date() }).where("id", "=", id).where("companyId", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteGdsField(db: DB, id: number): Promise<boolean> {
  const res = await db.deleteFrom("gdsFields").where("id", "=", id).where("companyId", "is", null).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function listTranslations(db: DB, fieldId: number): Promise<GdsFieldTranslation[]> {
  return db.selectFrom("gdsFieldTranslations").selectAll().where("fieldId", "=", fieldId).orderBy("languageCode").execute();
}

/** One translation per language and field: saving a language again replaces its text. */
export async function upsertTranslation(db: DB, fieldId: number, input: { languageCode: string; name: string; description: string }): Promise<void> {
  await db
    .insertInto("gdsFieldTranslations")
    .values({ fieldId, ...input })
    .onConflict((oc) => oc.columns(["fieldId", "languageCode"]).doUpdateSet({ name: input.name, description: input.description }))
    .execute();
}

export async function updateTranslation(db: DB, fieldId: number, id: number, input: { languageCode: string; name: string; description: string }): Promise<boolean> {
  const res = await db.updateTable("gdsFieldTranslations").set(input).where("id", "=", id).where("fieldId", "=", fieldId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteTranslation(db: DB, fieldId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom("gdsFieldTranslations").where("id", "=", id).where("fieldId", "=", fieldId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
