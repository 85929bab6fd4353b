import { listDataSourcesPage, DATA_SOURCE_SORTS } from "../../db/repositories/data-source-list.js";
import { findPlatform } from "../../engine/index.js";
import { parseTableQuery, lastPage } from "~/utils/table-query";
import { getDb } from "./db.server.js";

/** /data-sources: the company's accounts with platform, source, alert activation, blocked state and assignees. */
export async function dataSourceListPage(companyId: number, url: URL) {
  const query = parseTableQuery(url, DATA_SOURCE_SORTS, { sort: "name", size: 20 });
  let result = await listDataSourcesPage(getDb(), companyId, query);
  if (query.page > lastPage(result.total, query.size)) {
    query.page = lastPage(result.total, query.size);
    result = await listDataSourcesPage(getDb(), companyId, query);
  }
  return {
    query,
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      accountId: r.accountId,
      platform: findPlatform(r.platform)?.displayName ?? r.platform,
      sourceName: r.sourceName,
      activateAlert: r.activateAlert,
      blocked: r.blockedAt !== null,
      assignees: r.assignees,
    })),
  };
}
