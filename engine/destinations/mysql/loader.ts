// MySQL / MariaDB loader: one InnoDB transaction per load (DELETE the scope, multi-row INSERTs,
// COMMIT), so a killed run rolls back and a repeated run replaces instead of appending. mysql2
// escapes `VALUES ?` client-side (one round trip per batch, the fastest way short of LOAD DATA,
// which needs local_infile enabled on the server: rarely the case on hosted MySQL).
import type { Connection } from "mysql2/promise";
import { assertTableName, scopeDays, throwIfAborted, writeInChunks } from "../columns.js";
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError, isTransientCode, reachError, schemaMismatch } from "../errors.js";
import { addColumnSql, createTableSql, deleteScopeSql, missingColumns, qualified, splitHostPort } from "../sql.js";
import type { DestinationLoader, LoadRequest, LoadResult, LoadTable } from "../types.js";
import { mysqlDialect } from "./dialect.js";

export interface MysqlConfig {
  host: string;
  port?: number;
  username: string;
  password: string;
  database: string;
  ssl?: boolean;
  /** The host is the tenant's: it is reached only at an address the guard checked. */
  outbound: OutboundGuard;
}

const CONFIG_CODES = new Set(["ER_ACCESS_DENIED_ERROR", "ER_BAD_DB_ERROR", "ER_DBACCESS_DENIED_ERROR", "ER_TABLEACCESS_DENIED_ERROR", "ER_PARSE_ERROR", "ER_WRONG_TABLE_NAME", "ER_TOO_LONG_IDENT"]);

function classify(error: unknown, during: "check" | "load", where: string): DestinationError {
  const reach = reachError("mysql", error, during, where);
  if (reach) return reach;
  const e = error as { code?: string; message?: string };
  const msg = e?.message ?? String(error);
  if (e?.code && CONFIG_CODES.has(e.code)) return new DestinationError("mysql", "config", msg, error);
  if (e?.code && SCHEMA_CODES.has(e.code)) return schemaMismatch("mysql", msg, error);
  if (isTransientCode(e?.code) || e?.code === "PROTOCOL_CONNECTION_LOST") return new DestinationError("mysql", "transient", msg, error);
  return new DestinationError("mysql", "system", msg, error);
}

/** The table's columns refuse the rows (gone, retyped, too short, NOT NULL, unique): retrying cannot help. */
const SCHEMA_CODES = new Set([
  "ER_BAD_FIELD_ERROR",
  "ER_NO_SUCH_TABLE",
  "ER_WRONG_VALUE_COUNT_ON_ROW",
  "ER_TRUNCATED_WRONG_VALUE",
  "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD",
  "WARN_DATA_TRUNCATED",
  "ER_DATA_TOO_LONG",
  "ER_WARN_DATA_OUT_OF_RANGE",
  "ER_BAD_NULL_ERROR",
  "ER_NO_DEFAULT_FOR_FIELD",
  "ER_DUP_ENTRY",
  "ER_COLUMNACCESS_DENIED_ERROR",
]);

/** Rows per INSERT: mysql2 builds the statement in memory; 2000 rows stays far below max_allowed_packet (16 MB default on MariaDB 10.11). */
const ROWS_PER_INSERT = 2000;

export class MysqlLoader implements DestinationLoader {
  readonly type = "mysql" as const;
  private conn: Connection | undefined;

  constructor(private readonly config: MysqlConfig) {}

  private async connect(during: "check" | "load"): Promise<Connection> {
    if (this.conn) return this.conn;
    // Loaded here, not at the top: importing the registry must not pull mysql2 in.
    const mysql = await import("mysql2/promise");
    const { host, port } = splitHostPort(this.config.host, this.config.port ?? 3306);
    try {
      // The checked address, never the name: mysql2 would resolve it again (DNS rebinding).
      const { address } = await this.config.outbound.resolve(host, port);
      this.conn = await mysql.createConnection({
        host: address,
        port,
        user: this.config.username,
        password: this.config.password,
        database: this.config.database,
        ssl: this.config.ssl ? {} : undefined,
        connectTimeout: 10_000,
        dateStrings: true,
        timezone: "Z",
      });
      this.conn.on("error", () => undefined); // a dropped connection surfaces on the next query
    } catch (error) {
      throw classify(error, during, this.config.host);
    }
    return this.conn;
  }

  async check(): Promise<void> {
    const conn = await this.connect("check");
    try {
      await conn.query("CREATE TEMPORARY TABLE signalpost_check (x INT)");
      await conn.query("DROP TEMPORARY TABLE signalpost_check");
    } catch (error) {
      throw classify(error, "check", this.config.host);
    }
  }

  async prepare(table: LoadTable): Promise<void> {
    assertTableName("sql", this.type, table.name);
    const conn = await this.connect("load");
    try {
      await conn.query(createTableSql(mysqlDialect, table));
      const [schema, name] = table.name.includes(".") ? table.name.split(".") : [undefined, table.name];
      const [existing] = await conn.query(
        `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_NAME = ? AND TABLE_SCHEMA = ${schema ? "?" : "DATABASE()"}`,
        schema ? [name, schema] : [name],
      );
      for (const c of missingColumns(table, (existing as { name: string }[]).map((r) => r.name)))
        await conn.query(addColumnSql(mysqlDialect, table, c));
      const [indexes] = await conn.query(
        `SELECT 1 FROM information_schema.STATISTICS WHERE TABLE_NAME = ? AND INDEX_NAME = 'sp_partition_idx' AND TABLE_SCHEMA = ${schema ? "?" : "DATABASE()"}`,
        schema ? [name, schema] : [name],
      );
      if ((indexes as unknown[]).length === 0) {
        const cols = [table.columns[0]!.name, ...table.partitionColumns].map((c) => mysqlDialect.quote(c)).join(", ");
        await conn.query(`CREATE INDEX sp_partition_idx ON ${qualified(mysqlDialect, table.name)} (${cols})`);
      }
    } catch (error) {
      throw classify(error, "load", this.config.host);
    }
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    const conn = await this.connect("load");
    const cols = table.columns.map((c) => mysqlDialect.quote(c.name)).join(", ");
    const insert = `INSERT INTO ${qualified(mysqlDialect, table.name)} (${cols}) VALUES ?`;
    let count = 0;
    try {
      await conn.beginTransaction();
      const del = deleteScopeSql(mysqlDialect, table, scope);
      await conn.query(del.sql, del.params);
      count = await writeInChunks(request, days, this.type, ROWS_PER_INSERT, async (values) => {
        await conn.query(insert, [values]);
      });
      throwIfAborted(request.signal, this.type);
      await conn.commit();
    } catch (error) {
      await conn.rollback().catch(() => undefined); // a lost connection is rolled back by the server
      throw classify(error, "load", this.config.host);
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  async close(): Promise<void> {
    const c = this.conn;
    this.conn = undefined;
    await c?.end().catch(() => undefined); // closing a dead connection has nothing left to clean up
  }
}
