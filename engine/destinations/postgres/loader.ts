// PostgreSQL (and Redshift) loader. A load is one transaction: lock the (table, account) slice,
// DELETE the scope, stream the rows in (COPY FROM STDIN on PostgreSQL, multi-row INSERT on
// Redshift), COMMIT. A run killed half-way rolls back, and a repeated run deletes what the last one
// wrote before writing the same rows again: every (account, day) holds exactly one run's rows.
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { assertInScope, assertTableName, csvLine, rowValues, scopeDays, throwIfAborted, writeInChunks } from "../columns.js";
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError, isTransientCode, reachError, schemaMismatch } from "../errors.js";
import { addColumnSql, createTableSql, deleteScopeSql, insertSql, missingColumns, qualified, rowsPerInsert, splitHostPort, type SqlDialect } from "../sql.js";
import type { DestinationLoader, LoadRequest, LoadResult, LoadTable } from "../types.js";
import { copyIn } from "./copy-in.js";
import { postgresDialect, redshiftDialect } from "./dialect.js";

export interface PostgresConfig {
  host: string;
  port?: number;
  username: string;
  password: string;
  database: string;
  /** "require" turns TLS on (Redshift and most hosted PostgreSQL want it). */
  ssl?: boolean;
  /** The host is the tenant's: it is reached only at an address the guard checked. */
  outbound: OutboundGuard;
}

const SCHEMA_CODES = new Set(["42703", "42804", "42P01", "42846"]);

/** SQLSTATE classes the user must fix: bad password (28), unknown database (3D), no privilege (42501). */
function classify(type: string, error: unknown, during: "check" | "load", where: string): DestinationError {
  const reach = reachError(type, error, during, where);
  if (reach) return reach;
  const e = error as { code?: string; message?: string };
  const msg = e?.message ?? String(error);
  const code = e?.code ?? "";
  if (code.startsWith("28") || code === "3D000" || code === "42501" || code === "3F000") return new DestinationError(type, "config", msg, error);
  // node-postgres' own error when the socket ends under a query: no SQLSTATE, nothing to classify by.
  if (!code && /^Connection terminated/.test(msg))
    return new DestinationError(type, "transient", `The server closed the connection during the ${during} (${msg}).`, error);
  if (isTransientCode(code) || code.startsWith("08") || code.startsWith("53") || code.startsWith("57")) return new DestinationError(type, "transient", msg, error);
  // 22: a value the column's type refuses (22P02, 22003...); 23: a constraint added to the table;
  // 42703/42804/42P01: a column or table gone or retyped. The same rows would fail again.
  if (code.startsWith("22") || code.startsWith("23") || SCHEMA_CODES.has(code)) return schemaMismatch(type, msg, error);
  if (code.startsWith("42")) return new DestinationError(type, "config", msg, error);
  return new DestinationError(type, "system", msg, error);
}

/** How long close() waits for the server to end the connection before cutting the socket. */
const CLOSE_GRACE_MS = 5_000;

/** Cuts the client's socket: pg then fails what is queued and emits 'end' (and 'error'). */
function dropConnection(client: pg.Client): void {
  client.connection.stream.destroy();
}

/** hashtext() of PostgreSQL is not in Redshift; a stable 31-bit FNV-1a of the slice key instead. */
export function lockKey(table: string, accountId: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${table}\u0000${accountId}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h & 0x7fffffff;
}

export class PostgresLoader implements DestinationLoader {
  readonly type: "postgres" | "redshift";
  private readonly dialect: SqlDialect;
  private client: pg.Client | undefined;

  constructor(
    private readonly config: PostgresConfig,
    type: "postgres" | "redshift" = "postgres",
  ) {
    this.type = type;
    this.dialect = type === "redshift" ? redshiftDialect : postgresDialect;
  }

  private async connect(during: "check" | "load"): Promise<pg.Client> {
    if (this.client) return this.client;
    const { host, port } = splitHostPort(this.config.host, this.config.port ?? (this.type === "redshift" ? 5439 : 5432));
    let address: string;
    try {
      address = (await this.config.outbound.resolve(host, port)).address;
    } catch (error) {
      throw classify(this.type, error, during, this.config.host);
    }
    const client = new pg.Client({
      // The checked address, never the name: pg would resolve it again (DNS rebinding).
      host: address,
      port,
      user: this.config.username,
      password: this.config.password,
      database: this.config.database,
      ssl: this.config.ssl ? { rejectUnauthorized: false, servername: isIP(host) ? undefined : host } : undefined,
      connectionTimeoutMillis: 10_000,
      application_name: "signalpost-loader",
    });
    // A dropped connection emits 'error' on the client; without a listener Node would crash the
    // worker. The query in flight gets the same error; a dead client is not reused.
    client.on("error", () => {
      if (this.client === client) this.client = undefined;
    });
    try {
      await client.connect();
    } catch (error) {
      throw classify(this.type, error, during, this.config.host);
    }
    this.client = client;
    return client;
  }

  async check(): Promise<void> {
    const client = await this.connect("check");
    try {
      // Creating and dropping a temporary table proves we may write, not only read.
      await client.query("CREATE TEMPORARY TABLE signalpost_check (x INTEGER)");
      await client.query("DROP TABLE signalpost_check");
    } catch (error) {
      throw classify(this.type, error, "check", this.config.host);
    }
  }

  async prepare(table: LoadTable): Promise<void> {
    assertTableName("sql", this.type, table.name);
    const client = await this.connect("load");
    try {
      await client.query(createTableSql(this.dialect, table));
      const [schema, name] = table.name.includes(".") ? table.name.split(".") : [undefined, table.name];
      const existing = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = ${schema ? "$2" : "current_schema()"}`,
        schema ? [name, schema] : [name],
      );
      for (const c of missingColumns(table, existing.rows.map((r) => r.column_name)))
        await client.query(addColumnSql(this.dialect, table, c));
      if (this.type === "postgres") {
        // The DELETE of every load filters on the account and the days: index them.
        const cols = [table.columns[0]!.name, ...table.partitionColumns.filter((c) => c !== table.columns[0]!.name)];
        const indexName = `${name}_sp_partition_idx`.slice(0, 63);
        await client.query(
          `CREATE INDEX IF NOT EXISTS ${this.dialect.quote(indexName)} ON ${qualified(this.dialect, table.name)} (${cols.map((c) => this.dialect.quote(c)).join(", ")})`,
        );
      }
    } catch (error) {
      throw classify(this.type, error, "load", this.config.host);
    }
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    const client = await this.connect("load");
    let count = 0;
    try {
      await client.query("BEGIN");
      // Two runs of one job may overlap (a manual run during a scheduled one): serialise them per slice.
      if (this.type === "postgres") await client.query("SELECT pg_advisory_xact_lock($1)", [lockKey(table.name, scope.accountId)]);
      else await client.query(`LOCK ${qualified(this.dialect, table.name)}`);
      const del = deleteScopeSql(this.dialect, table, scope);
      await client.query(del.sql, del.params);
      if (this.type === "postgres") count = await this.copyRows(client, request, days);
      else count = await this.insertRows(client, request, days);
      throwIfAborted(request.signal, this.type);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined); // the connection may be gone; the server rolls back then
      throw classify(this.type, error, "load", this.config.host);
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  private async copyRows(client: pg.Client, request: LoadRequest, days: Set<string> | undefined): Promise<number> {
    const { table, scope } = request;
    const cols = table.columns.map((c) => this.dialect.quote(c.name)).join(", ");
    const stream = client.query(
      copyIn(`COPY ${qualified(this.dialect, table.name)} (${cols}) FROM STDIN WITH (FORMAT csv)`, {
        destination: this.type,
        host: this.config.host,
        dropConnection: () => dropConnection(client),
      }),
    );
    let count = 0;
    const type = this.type;
    async function* encode(): AsyncIterable<string> {
      for await (const batch of request.rows as AsyncIterable<import("../../core/types.js").Row[]>) {
        throwIfAborted(request.signal, type);
        let chunk = "";
        for (const row of batch) {
          assertInScope(row, scope, days, type);
          chunk += csvLine(rowValues(table, scope.accountId, row));
        }
        count += batch.length;
        if (chunk) yield chunk;
        request.onProgress?.(count);
      }
    }
    await pipeline(Readable.from(encode(), { objectMode: false }), stream);
    return count;
  }

  private async insertRows(client: pg.Client, request: LoadRequest, days: Set<string> | undefined): Promise<number> {
    return writeInChunks(request, days, this.type, rowsPerInsert(this.dialect, request.table), async (values) => {
      const st = insertSql(this.dialect, request.table, values);
      await client.query(st.sql, st.params);
    });
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (!c) return;
    // end() waits for the server to close its side; one that never does must not hold the worker.
    const deadline = setTimeout(() => dropConnection(c), CLOSE_GRACE_MS);
    await c.end().catch(() => undefined); // closing a dead connection has nothing left to clean up
    clearTimeout(deadline);
  }
}
