// "Refresh data" (issue 20, decision 0890): empties what the read cache stored for accounts, so
// the next query URL, preview, Looker Studio or alert read asks the platform again. The accounts
// come from a form: each is looked up inside the signed-in company, and those that are not its
// own are ignored, never reset.
import type { DB } from "../../db/connection.js";
import { getConnection } from "../../db/repositories/connection-logs.js";
import { dataSourceIdsByAccount } from "../../db/repositories/data-sources.js";
import { readCacheUsage, resetReadCache } from "../../db/repositories/read-cache.js";
import { readCacheSettings } from "../../server/read-cache/index.js";

export type RefreshOutcome = { accounts: number; days: number };

/** The stored days of accounts of the company's source (the query builder's selection). */
export async function refreshAccountsData(db: DB, companyId: number, sourceId: number, accountIds: readonly string[]): Promise<RefreshOutcome> {
  const known = await dataSourceIdsByAccount(db, companyId, sourceId);
  const ids = [...new Set(accountIds)].flatMap((accountId) => known.get(accountId) ?? []);
  if (ids.length === 0) return { accounts: 0, days: 0 };
  return resetReadCache(db, companyId, { dataSourceIds: ids });
}

/** The stored days of a connection's account; undefined when the connection is not the company's. */
export async function refreshConnectionData(db: DB, companyId: number, connectionId: number): Promise<RefreshOutcome | undefined> {
  const connection = await getConnection(db, companyId, connectionId);
  if (!connection) return undefined;
  return resetReadCache(db, companyId, { dataSourceIds: [connection.dataSourceId] });
}

const duration = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
};

/** What is stored for accounts, in words for a screen. */
export async function storedDataSummary(db: DB, companyId: number, dataSourceIds: number[]): Promise<{ days: number; bytes: number; text: string }> {
  const usage = await readCacheUsage(db, companyId, dataSourceIds);
  const { freshness } = readCacheSettings();
  const size = usage.bytes >= 1024 * 1024 ? `${(usage.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(usage.bytes / 1024))} KB`;
  const text =
    usage.days === 0
      ? "Nothing is stored: the next read asks the platform for every day."
      : `${usage.days.toLocaleString("en")} day${usage.days === 1 ? "" : "s"} of data stored (${size}). Days the platform can no longer revise are served from storage; ` +
        `today and yesterday are asked again after ${duration(freshness.recentMs)}, the other days the platform may still revise after ${duration(freshness.windowMs)}.`;
  return { days: usage.days, bytes: usage.bytes, text };
}

export function refreshToastText(outcome: RefreshOutcome, platform: string): string {
  if (outcome.accounts === 0) return "No account of yours was selected: nothing was cleared.";
  const accounts = `${outcome.accounts} account${outcome.accounts === 1 ? "" : "s"}`;
  return outcome.days === 0
    ? `Nothing was stored for ${accounts}: the next read asks ${platform} anyway.`
    : `${outcome.days.toLocaleString("en")} stored day${outcome.days === 1 ? "" : "s"} of ${accounts} cleared: the next read asks ${platform} again.`;
}
