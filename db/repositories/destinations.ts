import type { DB } from "../connection.js";
import type { Destination } from "../tables/data-streams.js";
import { decryptJson, encryptJson } from "../../lib/secrets.js";

/**
 * Destinations. Their settings (hosts, passwords, keys) are stored only encrypted; readers get
 * them back through readDestinationConfig, and screens through publicDestinationConfig (secrets
 * removed).
 */
export type DestinationConfig = Record<string, string>;

export async function createDestination(db: DB, companyId: number, input: { name: string; type: string; config: DestinationConfig }): Promise<Destination> {
  return db
    .insertInto("destinations")
    .values({ companyId, name: input.name, type: input.type, configEncrypted: encryptJson(input.config) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDestination(
  db: DB,
  companyId: number,
  id: number,
  input: { name: string; type: string; config: DestinationConfig },
): Promise<Destination | undefined> {
  return db
    .updateTable("destinations")
    .set({ name: input.name, type: input.type, configEncrypted: encryptJson(input.config), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function listDestinations(db: DB, companyId: number): Promise<Destination[]> {
  return db.selectFrom("destinations").selectAll().where("companyId", "=", companyId).orderBy("name").orderBy("id").execute();
}

export async function getDestination(db: DB, companyId: number, id: number): Promise<Destination | undefined> {
  return db.selectFrom("destinations").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

export function readDestinationConfig(destination: Pick<Destination, "configEncrypted">): DestinationConfig {
  return decryptJson<DestinationConfig>(destination.configEncrypted);
}

/** The data streams (and their jobs) that write into a destination: what deleting it would remove. */
export async function destinationDependents(db: DB, companyId: number, id: number): Promise<{ datastreams: { id: number; name: string; jobs: number }[] }> {
  const rows = await db
    .selectFrom("datastreams")
    .leftJoin("datastreamJobs", "datastreamJobs.datastreamId", "datastreams.id")
    .select((eb) => ["datastreams.id", "datastreams.name", eb.fn.count<number>("datastreamJobs.id").as("jobs")])
    .where("datastreams.companyId", "=", companyId)
    .where("datastreams.destinationId", "=", id)
    .groupBy(["datastreams.id", "datastreams.name"])
    .orderBy("datastreams.name")
    .execute();
  return { datastreams: rows.map((r) => ({ id: r.id, name: r.name, jobs: Number(r.jobs) })) };
}

/** Deletes a destination with its data streams and their jobs (the caller removes their schedules first). */
export async function deleteDestination(db: DB, companyId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("datastreams").where("companyId", "=", companyId).where("destinationId", "=", id).execute();
    const r = await trx.deleteFrom("destinations").where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  });
}
