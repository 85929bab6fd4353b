// The company's ads accounts as a cross-platform query reads them (decision 0931): each with its
// platform, time zone, currency and source, loaded inside the company. Shared by the cross-platform
// spend alert and the jobs over cross-platform ads (decision 0933), so both resolve an account the
// same way.
import type { DB } from "../db/connection.js";
import { InvalidRequestError, normalizedMappings, type Connector, type QueryAccount, type QueryRegistry } from "../engine/index.js";
import { accountTimezone } from "./alert-evaluation.js";

export type AdsAccount = {
  dataSourceId: number;
  account: QueryAccount;
  source: { id: number; platform: string; credentialEncrypted: string };
  restatementDays: number;
};

/**
 * The accounts of `ids`, in that order. An id that is not one of the company's ads accounts
 * (deleted since, of a platform without a normalized mapping, forged) or a blocked account is
 * refused with a message the user can act on.
 */
export async function loadAdsAccounts(db: DB, companyId: number, ids: readonly number[], registry: QueryRegistry): Promise<AdsAccount[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .select([
      "dataSources.id as dataSourceId",
      "dataSources.accountId",
      "dataSources.name",
      "dataSources.timezone",
      "dataSources.currency",
      "dataSources.blockedAt",
      "networkAuthorizations.id",
      "networkAuthorizations.platform",
      "networkAuthorizations.credentialEncrypted",
      "networkAuthorizations.availableDataSources",
    ])
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.companyId", "=", companyId)
    .where("dataSources.id", "in", unique)
    .execute();
  const ads = new Set(normalizedMappings.platforms());
  return unique.map((id) => {
    const row = rows.find((r) => r.dataSourceId === id);
    if (!row || !ads.has(row.platform)) throw new InvalidRequestError(`Account ${id} is no longer one of your company's ads accounts.`);
    if (row.blockedAt) throw new InvalidRequestError(`${row.name} is blocked: unblock it first.`);
    const connector: Connector = registry.getConnector(row.platform);
    const listed = (row.availableDataSources ?? []).find((a) => a.accountId === row.accountId);
    const timezone = accountTimezone(connector, { accountId: row.accountId, name: row.name, timezone: row.timezone ?? listed?.timezone ?? null, currency: null });
    const currency = typeof connector.currency === "object" ? connector.currency.fixed : connector.currency === "none" ? "XXX" : (row.currency ?? listed?.currency ?? "XXX");
    const account: QueryAccount = { id: row.accountId, name: row.name, timezone, currency, authorizationId: String(row.id), platform: row.platform };
    return { dataSourceId: id, account, source: { id: row.id, platform: row.platform, credentialEncrypted: row.credentialEncrypted }, restatementDays: connector.restatementDays };
  });
}
