import type { DB } from "../connection.js";
import type { Connection, ConnectionLog } from "../tables/query-urls.js";

/**
 * Connections and their logs. `recordConnectionLog` is THE one way a read of an account is
 * recorded, whoever did it: the query URL (one log per account of a request) and data-stream
 * runs (one log per account of a run step). It upserts the connection (account x destination),
 * moves its last-seen time and appends the log in one transaction.
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

export async function recordConnectionLog(
  db: DB,
  companyId: number,
  input: ConnectionLogInput,
): Promise<{ connectionId: number; logId: number }> {
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("dataSources")
      .innerJoin("networkAuthorizations", "networkAuthorizations.id", "dataSources.networkAuthorizationId")
      .select(["dataSources.id", "dataSources.name", "dataSources.networkAuthorizationId", "networkAuthorizations.platform"])
      .where("dataSources.companyId", "=", companyId)
      .where("dataSources.id", "=", input.dataSourceId)
      .executeTakeFirst();
    if (!account) throw new DataSourceNotFoundError(input.dataSourceId);
    const endedAt = input.endedAt ?? new Date();
    const destinationId = input.destinationId ?? null;
    const findConnection = () =>
      trx
        .selectFrom("connections")
        .select("id")
        .where("companyId", "=", companyId)
        .where("dataSourceId", "=", account.id)
        .where("destinationType", "=", input.destinationType)
        .where((eb) => (destinationId === null ? eb("destinationId", "is", null) : eb("destinationId", "=", destinationId)))
        .executeTakeFirst();
    let connection = await findConnection();
    if (!connection) {
      // A concurrent first request may insert the same connection: the unique index decides and
      // the loser reads the winner's row.
      connection = await trx
        .insertInto("connections")
        .values({
          companyId,
          dataSourceId: account.id,
          networkAuthorizationId: account.networkAuthorizationId,
          platform: account.platform,
          name: input.connectionName ?? `${account.name} → ${input.destinationType}`,
          destinationType: input.destinationType,
          destinationId,
          lastSeenAt: endedAt,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      connection ??= await findConnection();
      if (!connection) throw new Error("The connection vanished while recording its log");
    }
    await trx
      .updateTable("connections")
      .set({ lastSeenAt: endedAt })
      .where("id", "=", connection.id)
      .where((eb) => eb.or([eb("lastSeenAt", "is", null), eb("lastSeenAt", "<", endedAt)]))
      .execute();
    const log = await trx
      .insertInto("connectionLogs")
      .values({
        companyId,
        connectionId: connection.id,
        dateStart: input.dateStart ?? null,
        dateEnd: input.dateEnd ?? null,
        startOfTheRequest: input.startedAt,
        endedAt,
        oauthId: account.networkAuthorizationId,
        message: input.message ?? null,
        requestId: input.requestId,
        userId: input.userId ?? null,
        httpStatus: input.httpStatus ?? null,
        success: input.success,
        size: Math.max(0, Math.round(input.size ?? 0)),
        duration: Math.max(0, endedAt.getTime() - input.startedAt.getTime()),
        memoryFootprint: input.memoryFootprint ?? null,
        fromCache: input.fromCache ?? false,
        daysFromPlatform: input.daysFromPlatform ?? null,
        daysFromCache: input.daysFromCache ?? null,
        numberRow: input.numberRow ?? 0,
        fields: JSON.stringify(input.fields ?? []),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { connectionId: connection.id, logId: Number(log.id) };
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
