import type { DB } from "../../db/connection.js";
import { getEnv } from "../../lib/env.js";
import { checkExtractionAllowed, ExtractionBlockedError } from "../../db/repositories/usage.js";

/**
 * The billing gate for readers in the app (the query URL): null when the company may read these
 * accounts, otherwise why not (docs/decisions/0602-billing-access.md). Temporal activities call
 * checkExtractionAllowed from db/repositories/usage.ts directly.
 */
export async function extractionBlocked(db: DB, companyId: number, dataSourceIds: number[]): Promise<ExtractionBlockedError | null> {
  try {
    await checkExtractionAllowed(db, companyId, dataSourceIds, { graceDays: getEnv().BILLING_GRACE_DAYS });
    return null;
  } catch (error) {
    if (error instanceof ExtractionBlockedError) return error;
    throw error;
  }
}
