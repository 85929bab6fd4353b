import type { DB } from "../connection.js";
import type { Company } from "../schema.js";
import { encryptSecret, decryptSecret, randomToken, tokenDigest } from "../../lib/secrets.js";

export const TRIAL_DAYS = 14;

export function generateApiKey(): string {
  return `sp_${randomToken(24)}`;
}

export async function createCompany(
  db: DB,
  input: { name: string; activateAlert?: boolean; now?: Date },
): Promise<Company> {
  const now = input.now ?? new Date();
  const apiKey = generateApiKey();
  return db
    .insertInto("companies")
    .values({
      name: input.name,
      createdAt: now,
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
      activateAlert: input.activateAlert ?? false,
      apiKeyEncrypted: encryptSecret(apiKey),
      apiKeyDigest: tokenDigest(apiKey),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getCompany(db: DB, companyId: number): Promise<Company | undefined> {
  return db.selectFrom("companies").selectAll().where("id", "=", companyId).executeTakeFirst();
}

export async function setMainUser(db: DB, companyId: number, userId: number): Promise<void> {
  await db.updateTable("companies").set({ mainUserId: userId }).where("id", "=", companyId).execute();
}

export function revealApiKey(company: Pick<Company, "apiKeyEncrypted">): string {
  return decryptSecret(company.apiKeyEncrypted);
}

/** Replaces the key; the old one stops working at once because lookups go by digest. */
export async function rotateApiKey(db: DB, companyId: number): Promise<string> {
  const apiKey = generateApiKey();
  await db
    .updateTable("companies")
    .set({ apiKeyEncrypted: encryptSecret(apiKey), apiKeyDigest: tokenDigest(apiKey) })
    .where("id", "=", companyId)
    .execute();
  return apiKey;
}

export async function findCompanyByApiKey(db: DB, apiKey: string): Promise<Company | undefined> {
  return db.selectFrom("companies").selectAll().where("apiKeyDigest", "=", tokenDigest(apiKey)).executeTakeFirst();
}

/** The company-level monitoring flag: the index route shows the clients dashboard when it is true. */
export async function setCompanyActivateAlert(db: DB, companyId: number, activateAlert: boolean): Promise<void> {
  await db.updateTable("companies").set({ activateAlert }).where("id", "=", companyId).execute();
}
