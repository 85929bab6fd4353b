import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { Connection, ConnectionLog } from "../tables/query-urls.js";

/**
 * Connections and their logs. `recordConnectionLog` is THE one way a read of an account is
 * recorded, whoever did it: the query URL (one log per account of a request) and data-stream
 * runs (one log per account of a run step). It upserts the connection (account x destination),
 * moves its last-seen time and appends the log in one transaction; recordConnectionLogs does the
 * same for several logs in as many statements as for one.
 */

/** Query-URL formats as spec 2 §3 destination identifiers. */
export const FORMAT_DESTINATION_TYPES = { json: "JSON", csv: "CSV", tableau: "TABLEAU", powerbi: "POWERBI" } as const;

export type ConnectionLogInput = {
  /** The account read (data source); it must belong to companyId. */
  dataSourceId: number;
  destinationType: string;
  /** A configured destination (data streams); omit for query URLs. */
  destinationId?: number | null;
  /** Defaults to "{account name} → {destination type}". */
  connectionName?: string;
  requestId: string;
  userId?: number | null;
  startedAt: Date;
  endedAt?: Date;
  /** Account-local days read. */
  dateStart?: string | null;
  dateEnd?: string | null;
  success: boolean;
  httpStatus?: number | null;
  message?: string | null;
  numberRow?: number;
  size?: number;
  memoryFootprint?: number | null;
  fromCache?: boolean;
  /** Days of the range read from the platform and served from the read cache (decision 0890). */
  daysFromPlatform?: number | null;
  daysFromCache?: number | null;
  fields?: string[];
};

export class DataSourceNotFoundError extends Error {
  constructor(readonly dataSourceId: number) {
    super(`Account ${dataSourceId} not found`);
    this.name = "DataSourceNotFoundError";
  }
}

export async function recordConnectionLog(db: DB, companyId: number, input: ConnectionLogInput): Promise<{ connectionId: number; logId: number }> {
  const [recorded] = await recordConnectionLogs(db, companyId, [input]);
  return recorded;
}

/** A connection's identity: its account and destination (the unique index connections_identity_uq). */
const connectionKey = (dataSourceId: number, destinationType: string, destinationId: number | null) => `${dataSourceId}\u0000${destinationType}\u0000${destinationId ?? 0}`;

/**
 * Several logs (a query URL's accounts) in one transaction of four statements, whatever their
 * number: one log per account cost seven round trips each, and a dashboard's next request waited
 * behind them (bench/query-url). Results are in the order of the inputs.
 */
export async function recordConnectionLogs(db: DB, companyId: number, inputs: readonly ConnectionLogInput[]): Promise<{ connectionId: number; logId: number }[]> {
  if (inputs.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const accounts = await trx
      .selectFrom("dataSources")
      .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
      .select(["dataSources.id", "dataSources.name", "dataSources.networkAuthorizationId", "networkAuthorizations.platform"])
      .where("dataSources.companyId", "=", companyId)
      .where("dataSources.id", "in", [...new Set(inputs.map((i) => i.dataSourceId))])
      .execute();
    const accountOf = new Map(accounts.map((a) => [a.id, a]));
    const missing = inputs.find((i) => !accountOf.has(i.dataSourceId));
    if (missing) throw new DataSourceNotFoundError(missing.dataSourceId);
    const now = new Date();
    const logged = inputs.map((input) => ({ input, account: accountOf.get(input.dataSourceId)!, endedAt: input.endedAt ?? now, destinationId: input.destinationId ?? null }));
    // One row per connection (an upsert cannot touch a row twice), its latest end as its last
    // sighting, in a fixed order so that two concurrent batches lock their rows alike.
    const connections = new Map<string, (typeof logged)[number]>();
    for (const l of logged) {
      const key = connectionKey(l.account.id, l.input.destinationType, l.destinationId);
      const seen = connections.get(key);
      if (!seen || seen.endedAt < l.endedAt) connections.set(key, l);
    }
    const rows = [...connections.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l);
    // A new connection is created; an existing one keeps its name and only moves its last sighting forward.
    const ids = await trx
      .insertInto("connections")
      .values(
        rows.map(({ input, account, endedAt, destinationId }) => ({
          companyId,
          dataSourceId: account.id,
          networkAuthorizationId: account.networkAuthorizationId,
          platform: account.platform,
          name: input.connectionName ?? `${account.name} → ${input.destinationType}`,
          destinationType: input.destinationType,
          destinationId,
          lastSeenAt: endedAt,
        })),
      )
      .onConflict((oc) => oc.expression(sql`company_id, data_source_id, destination_type, coalesce(destination_id, 0)`).doUpdateSet({ lastSeenAt: sql`greatest(connections.last_seen_at, excluded.last_seen_at)` }))
      .returning(["id", "dataSourceId", "destinationType", "destinationId"])
      .execute();
    const connectionOf = new Map(ids.map((c) => [connectionKey(c.dataSourceId, c.destinationType, c.destinationId), c.id]));
    const idOf = (l: (typeof logged)[number]) => connectionOf.get(connectionKey(l.account.id, l.input.destinationType, l.destinationId))!;
    const logs = await trx
      .insertInto("connectionLogs")
      .values(
        logged.map((l) => ({
          companyId,
          connectionId: idOf(l),
          dateStart: l.input.dateStart ?? null,
          dateEnd: l.input.dateEnd ?? null,
          startOfTheRequest: l.input.startedAt,
          endedAt: l.endedAt,
          oauthId: l.account.networkAuthorizationId,
          message: l.input.message ?? null,
          requestId: l.input.requestId,
          userId: l.input.userId ?? null,
          httpStatus: l.input.httpStatus ?? null,
          success: l.input.success,
          size: Math.max(0, Math.round(l.input.size ?? 0)),
          duration: Math.max(0, l.endedAt.getTime() - l.input.startedAt.getTime()),
          memoryFootprint: l.input.memoryFootprint ?? null,
          fromCache: l.input.fromCache ?? false,
          daysFromPlatform: l.input.daysFromPlatform ?? null,
          daysFromCache: l.input.daysFromCache ?? null,
          numberRow: l.input.numberRow ?? 0,
          fields: JSON.stringify(l.input.fields ?? []),
        })),
      )
      .returning("id")
      .execute();
    // A multi-row insert returns its rows in the order of its values.
    return logs.map((log, i) => ({ connectionId: idOf(logged[i]), logId: Number(log.id) }));
  });
}

export async function listConnections(db: DB, companyId: number): Promise<Connection[]> {
  return db.selectFrom("connections").selectAll().where("companyId", "=", companyId).orderBy("lastSeenAt", (ob) => ob.desc().nullsLast()).orderBy("id").execute();
}

export async function getConnection(db: DB, companyId: number, id: number): Promise<Connection | undefined> {
  return db.selectFrom("connections").selectAll().where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
}

export type ConnectionLogFilter = {
  connectionId?: number;
  requestId?: string;
  success?: boolean;
  destinationType?: string;
  before?: Date;
  after?: Date;
};

export async function listConnectionLogs(
  db: DB,
  companyId: number,
  filter: ConnectionLogFilter = {},
  page: { limit?: number; offset?: number } = {},
): Promise<{ logs: ConnectionLog[]; total: number }> {
  let q = db.selectFrom("connectionLogs").where("connectionLogs.companyId", "=", companyId);
  if (filter.connectionId !== undefined) q = q.where("connectionLogs.connectionId", "=", filter.connectionId);
  if (filter.requestId !== undefined) q = q.where("connectionLogs.requestId", "=", filter.requestId);
  if (filter.success !== undefined) q = q.where("connectionLogs.success", "=", filter.success);
  if (filter.before) q = q.where("connectionLogs.startOfTheRequest", "<", filter.before);
  if (filter.after) q = q.where("connectionLogs.startOfTheRequest", ">=", filter.after);
  if (filter.destinationType !== undefined) {
    q = q.innerJoin("connections", "connections.id", "connectionLogs.connectionId").where("connections.destinationType", "=", filter.destinationType);
  }
  const [logs, count] = await Promise.all([
    q
      .selectAll("connectionLogs")
      .orderBy("connectionLogs.startOfTheRequest", "desc")
      .orderBy("connectionLogs.id", "desc")
      .limit(page.limit ?? 100)
      .offset(page.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { logs, total: Number(count.n) };
}
