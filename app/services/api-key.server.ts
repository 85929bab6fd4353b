import type { DB } from "../../db/connection.js";
import { rotateApiKey } from "../../db/repositories/companies.js";
import { revokeAddonGrants } from "./addon-grants.server.js";

/**
 * Rotating the company's API key is what a company does when it fears its access leaked, so the
 * add-in and connector grants go with the old key, in the same transaction (decision 0861).
 */
export async function rotateCompanyApiKey(db: DB, companyId: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const apiKey = await rotateApiKey(trx, companyId);
    await revokeAddonGrants(trx, { companyId });
    return apiKey;
  });
}
