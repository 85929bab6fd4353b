import { sql } from "kysely";
import type { DB } from "../connection.js";

/** Issue 9: the /data-sources list (the company's accounts), searched, sorted and paged in SQL. */
export const DATA_SOURCE_SORTS = ["name", "platform", "source", "alerts", "blocked"] as const;
export type DataSourceSort = (typeof DATA_SOURCE_SORTS)[number];

export type DataSourceListRow = {
  id: number;
  name: string;
  accountId: string;
  platform: string;
  sourceName: string;
  activateAlert: boolean;
  blockedAt: Date | null;
  assignees: string[];
};

export async function listDataSourcesPage(
  db: DB,
  companyId: number,
  query: { search: string; sort: DataSourceSort; dir: "asc" | "desc"; page: number; size: number },
): Promise<{ rows: DataSourceListRow[]; total: number }> {
  let base = db
    .selectFrom("dataSources")
    .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
    .where("dataSources.companyId", "=", companyId)
    .where("networkAuthorizations.companyId", "=", companyId);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb("dataSources.name", "ilike", like), eb("dataSources.accountId", "ilike", like), eb("networkAuthorizations.name", "ilike", like), eb("networkAuthorizations.platform", "ilike", like)]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  const column = {
    name: "dataSources.name",
    platform: "networkAuthorizations.platform",
    source: "networkAuthorizations.name",
    alerts: "dataSources.activateAlert",
    blocked: "dataSources.blockedAt",
  } as const;
  const rows = await base
    .select([
      "dataSources.id",
      "dataSources.name",
      "dataSources.accountId",
      "dataSources.blockedAt",
      "networkAuthorizations.platform",
      "networkAuthorizations.name as sourceName",
      sql<boolean>`coalesce(data_sources.activate_alert, false)`.as("activateAlert"),
      (eb) =>
        eb
          .selectFrom("dataSourceAssignees")
          .innerJoin("users", "users.id", "dataSourceAssignees.userId")
          .whereRef("dataSourceAssignees.dataSourceId", "=", "dataSources.id")
          .where("users.companyId", "=", companyId)
          .select(sql<string[]>`coalesce(array_agg(coalesce(nullif(trim(coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')), ''), users.email) order by users.email), '{}')`.as("a"))
          .as("assignees"),
    ])
    .orderBy(column[query.sort], (ob) => (query.dir === "desc" ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
    .orderBy("dataSources.id")
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return { rows: rows.map((r) => ({ ...r, assignees: r.assignees ?? [] })), total: Number(total) };
}
