// Azure SQL loader over tedious (Microsoft's TDS driver for Node), loaded lazily. One transaction
// per load: applock on the slice, DELETE the scope, INSERT batches, COMMIT.
import type { Connection } from "tedious";

type TediousType = (typeof import("tedious"))["TYPES"][keyof (typeof import("tedious"))["TYPES"]];
import type { CellValue, Row } from "../../core/types.js";
import { assertInScope, assertTableName, rowValues, scopeDays, throwIfAborted } from "../columns.js";
import type { OutboundGuard } from "../../core/outbound.js";
import { DestinationError, reachError, schemaMismatch } from "../errors.js";
import { addColumnSql, createTableSql, deleteScopeSql, insertSql, missingColumns, rowsPerInsert, splitHostPort, type Statement } from "../sql.js";
import type { DestinationLoader, LoadRequest, LoadResult, LoadTable } from "../types.js";
import { azureSqlDialect, sliceLockSql } from "./dialect.js";

export interface AzureSqlConfig {
  host: string;
  username: string;
  password: string;
  database: string;
  /** The host is the tenant's: every socket (the gateway's redirects included) goes through the guard. */
  outbound: OutboundGuard;
}

function classify(error: unknown, during: "check" | "load", where: string): DestinationError {
  const reach = reachError("azure_sql", error, during, where);
  if (reach) return reach;
  const e = error as { code?: string; number?: number; message?: string };
  const message = e.message ?? String(error);
  // ELOGIN: bad login; 4060: cannot open database; 40615: firewall; 229/262: permission denied.
  if (e.code === "ELOGIN" || e.number === 4060 || e.number === 40615 || e.number === 229 || e.number === 262 || e.number === 18456)
    return new DestinationError("azure_sql", "config", message, error);
  // 207/208: a column or table gone; 213: column count; 241/245/8114/8115: a value the column's type
  // refuses; 515: NOT NULL; 2601/2627: a unique index; 2628/8152: too long. The same rows fail again.
  if ([207, 208, 213, 241, 245, 515, 2601, 2627, 2628, 8114, 8115, 8152].includes(e.number ?? 0)) return schemaMismatch("azure_sql", message, error);
  if (e.code === "ESOCKET" || e.code === "ETIMEOUT") return new DestinationError("azure_sql", during === "check" ? "config" : "transient", message, error);
  // 1205 deadlock victim, 40501 service busy, 40613 database unavailable: retry.
  if (e.number === 1205 || e.number === 40501 || e.number === 40613) return new DestinationError("azure_sql", "transient", message, error);
  return new DestinationError("azure_sql", "system", message, error);
}

export class AzureSqlLoader implements DestinationLoader {
  readonly type = "azure_sql" as const;
  private connection: Connection | undefined;
  private tedious: typeof import("tedious") | undefined;

  constructor(private readonly config: AzureSqlConfig) {}

  private async connect(during: "check" | "load"): Promise<Connection> {
    if (this.connection) return this.connection;
    this.tedious = await import("tedious");
    const { host, port } = splitHostPort(this.config.host, 1433);
    const outbound = this.config.outbound;
    // tedious calls the connector for the first socket and again for each redirect an Azure SQL
    // gateway sends (ENVCHANGE routing to another server:port): every hop is checked.
    const connector = ((target: { host: string; port: number }, _lookup: unknown, signal?: AbortSignal) =>
      outbound.connect({ host: target.host, port: target.port, timeoutMs: 15_000, signal })) as unknown as () => Promise<import("node:net").Socket>;
    const connection = new this.tedious.Connection({
      server: host,
      authentication: { type: "default", options: { userName: this.config.username, password: this.config.password } },
      options: { port, database: this.config.database, encrypt: true, trustServerCertificate: false, connectTimeout: 15_000, requestTimeout: 600_000, connector },
    });
    // Before connect: tedious emits 'error' for a socket that dies at any point, and an 'error'
    // without a listener would crash the worker. The request in flight fails with it anyway.
    connection.on("error", () => undefined);
    await new Promise<void>((resolve, reject) => {
      connection.connect((err) => (err ? reject(classify(err, during, this.config.host)) : resolve()));
    });
    this.connection = connection;
    return connection;
  }

  private typeOf(value: CellValue): TediousType {
    const t = this.tedious!.TYPES;
    if (value === null) return t.NVarChar;
    if (typeof value === "number") return t.Float;
    if (typeof value === "boolean") return t.Bit;
    return t.NVarChar;
  }

  private exec(st: Statement | { sql: string; params: CellValue[] }): Promise<Record<string, unknown>[]> {
    const connection = this.connection!;
    const rows: Record<string, unknown>[] = [];
    return new Promise((resolve, reject) => {
      const request = new this.tedious!.Request(st.sql, (err) => (err ? reject(err) : resolve(rows)));
      st.params.forEach((v, i) => request.addParameter(`p${i + 1}`, this.typeOf(v), v));
      request.on("row", (columns: { metadata: { colName: string }; value: unknown }[]) => {
        rows.push(Object.fromEntries(columns.map((c) => [c.metadata.colName, c.value])));
      });
      connection.execSql(request);
    });
  }

  async check(): Promise<void> {
    await this.connect("check");
    try {
      await this.exec({ sql: "CREATE TABLE #signalpost_check (x INT); DROP TABLE #signalpost_check;", params: [] });
    } catch (error) {
      throw classify(error, "check", this.config.host);
    }
  }

  async prepare(table: LoadTable): Promise<void> {
    assertTableName("sql", this.type, table.name);
    await this.connect("load");
    try {
      for (const st of prepareStatements(table, await this.existingColumns(table))) await this.exec({ sql: st, params: [] });
    } catch (error) {
      throw classify(error, "load", this.config.host);
    }
  }

  private async existingColumns(table: LoadTable): Promise<string[]> {
    const rows = await this.exec({ sql: "SELECT name FROM sys.columns WHERE object_id = OBJECT_ID(@p1)", params: [table.name] });
    return rows.map((r) => String(r.name));
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    await this.connect("load");
    const per = rowsPerInsert(azureSqlDialect, table, 1000);
    let count = 0;
    try {
      await this.exec({ sql: "SET XACT_ABORT ON; BEGIN TRANSACTION;", params: [] });
      await this.exec(sliceLockSql(table.name, scope.accountId));
      await this.exec(deleteScopeSql(azureSqlDialect, table, scope));
      let pending: CellValue[][] = [];
      for await (const batch of request.rows as AsyncIterable<Row[]>) {
        throwIfAborted(request.signal, this.type);
        for (const row of batch) {
          assertInScope(row, scope, days, this.type);
          pending.push(rowValues(table, scope.accountId, row));
          if (pending.length >= per) {
            await this.exec(insertSql(azureSqlDialect, table, pending));
            pending = [];
          }
        }
        count += batch.length;
        request.onProgress?.(count);
      }
      if (pending.length > 0) await this.exec(insertSql(azureSqlDialect, table, pending));
      await this.exec({ sql: "COMMIT TRANSACTION;", params: [] });
    } catch (error) {
      await this.exec({ sql: "IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION;", params: [] }).catch(() => undefined); // connection may be gone
      throw classify(error, "load", this.config.host);
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  async close(): Promise<void> {
    this.connection?.close();
    this.connection = undefined;
  }
}

/** The DDL prepare runs, given the columns the table already has (none when it does not exist). */
export function prepareStatements(table: LoadTable, existing: string[]): string[] {
  const out = [createTableSql(azureSqlDialect, table)];
  if (existing.length > 0) for (const c of missingColumns(table, existing)) out.push(addColumnSql(azureSqlDialect, table, c));
  return out;
}
