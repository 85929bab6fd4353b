import type { DB } from "../../db/connection.js";
import { getEnv } from "../../lib/env.js";
import type { Company } from "../../db/schema.js";
import { extractionGateOf, ExtractionBlockedError, listUsedAccountIds, type UsedAccountId } from "../../db/repositories/usage.js";

/**
 * The billing gate for readers in the app (the query URL): null when the company may read these
 * accounts, otherwise why not (docs/decisions/0602-billing-access.md). Temporal activities call
 * checkExtractionAllowed from db/repositories/usage.ts directly.
 *
 * In two steps, so that its read runs alongside the caller's own lookups: `usage` reads the
 * company's used accounts (nothing is written), `blocked` decides once the accounts are known.
 */
export function extractionUsage(db: DB, company: Company): Promise<UsedAccountId[]> {
  const used = listUsedAccountIds(db, company.id);
  // A caller that refuses the request before it decides never awaits this read.
  used.catch(() => undefined);
  return used;
}

export async function extractionBlocked(db: DB, company: Company, usage: Promise<readonly UsedAccountId[]>, dataSourceIds: number[]): Promise<ExtractionBlockedError | null> {
  try {
    (await extractionGateOf(db, company, await usage, { graceDays: getEnv().BILLING_GRACE_DAYS }))(dataSourceIds);
    return null;
  } catch (error) {
    if (error instanceof ExtractionBlockedError) return error;
    throw error;
  }
}
