// Snowflake loader on the official driver (snowflake-sdk). A load never holds a transaction open
// while rows arrive: the rows go first into a session-private temporary table (CREATE TEMPORARY
// TABLE ... LIKE the target, multi-row INSERTs), then one short transaction replaces the scope:
// BEGIN; DELETE the (account, days) scope; INSERT ... SELECT from the stage; COMMIT. A run that
// dies while staging has not touched the target; one that dies inside the transaction is rolled
// back by Snowflake when its session ends; a repeated run deletes what the last one wrote before
// inserting the same rows again. Snowflake's DML locks serialise two overlapping loads of a table.
// DDL commits implicitly in Snowflake, so nothing DDL runs between BEGIN and COMMIT.
import { randomBytes } from "node:crypto";
import type { Connection, ConnectionOptions, SnowflakeError } from "snowflake-sdk";
import type { CellValue } from "../../core/types.js";
import { assertTableName, scopeDays, throwIfAborted, writeInChunks } from "../columns.js";
import { DestinationError, reachError, schemaMismatch } from "../errors.js";
import { addColumnSql, createTableSql, deleteScopeSql, insertSql, missingColumns, qualified, rowsPerInsert } from "../sql.js";
import type { DestinationLoader, LoadRequest, LoadResult, LoadTable } from "../types.js";
import { connectionOptions, snowflakeDialect as d, storedName, type SnowflakeSettings } from "./dialect.js";

type Sdk = typeof import("snowflake-sdk");
let sdkPromise: Promise<Sdk> | undefined;

/** The driver, loaded on first use; its own log file (./snowflake.log by default) is turned off. */
function loadSdk(): Promise<Sdk> {
  sdkPromise ??= import("snowflake-sdk").then((m) => {
    const sdk = ((m as { default?: Sdk }).default ?? m) as Sdk;
    const silent = () => undefined;
    sdk.configure({ customLogger: { error: silent, warn: silent, info: silent, debug: silent, trace: silent } });
    return sdk;
  });
  return sdkPromise;
}

/**
 * Snowflake error codes the user must fix: failed logins (390xxx: wrong password, locked user,
 * unknown account), SQL compilation errors (002xxx: an object that does not exist or may not be
 * used), insufficient privileges (003001), no warehouse (000606). Network failures are the user's
 * to fix while checking (a wrong host) and transient while loading.
 */
export function classify(error: unknown, during: "check" | "load", where: string): DestinationError {
  const reach = reachError("snowflake", error, during, where);
  if (reach) return reach;
  const e = error as SnowflakeError & { code?: string | number; response?: { status?: number } };
  const code = String(e?.code ?? "");
  const msg = e?.message ?? String(error);
  // 000904: invalid identifier (a column gone); 100xxx: a value the column refuses (numeric or date
  // not recognised, NULL into NOT NULL, string too long). The same rows would fail again.
  if (code === "000904" || /^100\d{3}$/.test(code)) return schemaMismatch("snowflake", msg, error);
  if (/^390\d{3}$/.test(code) || /^00[23]\d{3}$/.test(code) || code === "000606" || code === "002043")
    return new DestinationError("snowflake", "config", msg, error);
  // 401001: network error; 401002: the request failed (HTTP 5xx / 429); 000604: statement cancelled;
  // 000625 / 000630: gave up waiting for another transaction's lock (LOCK_TIMEOUT, too many waiters).
  // The driver's own text of a network failure may carry an address and an errno: never shown.
  if (code === "401001")
    return new DestinationError("snowflake", during === "check" ? "config" : "transient", `Could not reach Snowflake at ${where}.`, error);
  if (["401002", "000604", "000625", "000630"].includes(code)) return new DestinationError("snowflake", during === "check" ? "config" : "transient", msg, error);
  return new DestinationError("snowflake", "system", msg, error);
}

/** How long a load's DELETE or INSERT waits for another transaction's lock on the same table. */
export const LOCK_WAIT_SECONDS = 600;

export class SnowflakeLoader implements DestinationLoader {
  readonly type = "snowflake" as const;
  private conn: Connection | undefined;

  constructor(private readonly settings: SnowflakeSettings) {}

  private async connect(during: "check" | "load"): Promise<Connection> {
    if (this.conn) return this.conn;
    const options = connectionOptions(this.settings);
    const sdk = await loadSdk();
    const outbound = this.settings.outbound;
    const conn = sdk.createConnection({
      ...options,
      // The driver builds its own agents; its agentClass hook (called with the agent options, kept
      // when the protocol matches) hands it the guard's, which connect only to checked addresses.
      agentClass: (o: { protocol?: string }) => (o.protocol === "http:" ? outbound.httpAgent : outbound.httpsAgent),
      // Fail a wrong host within seconds instead of the driver's default five minutes of retries.
      sfRetryMaxLoginRetries: during === "check" ? 1 : 5,
      timeout: 60_000,
    } as ConnectionOptions);
    try {
      // connect(callback), not connectAsync: the latter hands a refused login to its callback only.
      await new Promise<void>((resolve, reject) => conn.connect((err) => (err ? reject(err) : resolve())));
      // A load waits at most LOCK_WAIT_SECONDS for another session's lock on its table (Snowflake's
      // default is 12 hours): a run killed inside its transaction leaves it detached, holding its
      // locks until Snowflake rolls it back, and the retry should fail (and be retried) rather than hang.
      await this.run(conn, `ALTER SESSION SET LOCK_TIMEOUT = ${LOCK_WAIT_SECONDS}`);
    } catch (error) {
      conn.destroy(() => undefined);
      throw classify(error, during, this.settings.host);
    }
    this.conn = conn;
    return conn;
  }

  private run(conn: Connection, sqlText: string, binds: CellValue[] = []): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      conn.execute({
        sqlText,
        binds: binds as never,
        complete: (err, _stmt, rows) => (err ? reject(err) : resolve((rows ?? []) as Record<string, unknown>[])),
      });
    });
  }

  async check(): Promise<void> {
    const conn = await this.connect("check");
    try {
      // Snowflake accepts a login whose database or schema is missing (or not granted) and leaves them unset.
      const [where] = await this.run(conn, "SELECT CURRENT_DATABASE() AS DB, CURRENT_SCHEMA() AS SC");
      if (!where?.DB || !where?.SC)
        throw new DestinationError("snowflake", "config", `The database "${this.settings.database}" does not exist or this user may not use it.`);
      // Creating and dropping a temporary table proves we may write, not only read.
      const name = `SIGNALPOST_CHECK_${randomBytes(4).toString("hex").toUpperCase()}`;
      await this.run(conn, `CREATE TEMPORARY TABLE "${name}" (X INTEGER)`);
      await this.run(conn, `DROP TABLE "${name}"`);
    } catch (error) {
      throw classify(error, "check", this.settings.host);
    }
  }

  async prepare(table: LoadTable): Promise<void> {
    assertTableName("sql", this.type, table.name);
    const conn = await this.connect("load");
    try {
      await this.run(conn, createTableSql(d, table));
      const [schema, name] = table.name.includes(".") ? table.name.split(".") : [undefined, table.name];
      const existing = await this.run(
        conn,
        `SELECT COLUMN_NAME AS NAME FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_NAME = ? AND TABLE_SCHEMA = ${schema ? "?" : "CURRENT_SCHEMA()"}`,
        schema ? [storedName(name!), storedName(schema)] : [storedName(name!)],
      );
      const have = existing.map((r) => String(r.NAME ?? r.name));
      // Column names compare as Snowflake stores them (plain names upper-cased).
      const missing = missingColumns({ ...table, columns: table.columns.map((c) => ({ ...c, name: storedName(c.name) })) }, have);
      for (const c of missing) {
        const column = table.columns.find((x) => storedName(x.name) === c.name)!;
        await this.run(conn, addColumnSql(d, table, column));
      }
    } catch (error) {
      throw classify(error, "load", this.settings.host);
    }
  }

  async load(request: LoadRequest): Promise<LoadResult> {
    const { table, scope } = request;
    const dayList = scopeDays(table, scope);
    const days = dayList ? new Set(dayList) : undefined;
    const conn = await this.connect("load");
    const target = qualified(d, table.name);
    const stage = d.quote(`SP_STAGE_${randomBytes(6).toString("hex")}`);
    const cols = table.columns.map((c) => d.quote(c.name)).join(", ");
    let count = 0;
    let inTransaction = false;
    try {
      await this.run(conn, `CREATE TEMPORARY TABLE ${stage} LIKE ${target}`);
      const stageTable: LoadTable = { ...table, name: stage.slice(1, -1) };
      count = await writeInChunks(request, days, this.type, rowsPerInsert(d, table), async (values) => {
        const st = insertSql(d, stageTable, values);
        await this.run(conn, st.sql, st.params);
      });
      throwIfAborted(request.signal, this.type);

      await this.run(conn, "BEGIN");
      inTransaction = true;
      const del = deleteScopeSql(d, table, scope);
      await this.run(conn, del.sql, del.params);
      await this.run(conn, `INSERT INTO ${target} (${cols}) SELECT ${cols} FROM ${stage}`);
      await this.run(conn, "COMMIT");
      inTransaction = false;
    } catch (error) {
      if (inTransaction) await this.run(conn, "ROLLBACK").catch(() => undefined); // a lost session is rolled back by Snowflake
      throw classify(error, "load", this.settings.host);
    } finally {
      await this.run(conn, `DROP TABLE IF EXISTS ${stage}`).catch(() => undefined); // temporary: it goes with the session anyway
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  async close(): Promise<void> {
    const c = this.conn;
    this.conn = undefined;
    if (c) await new Promise<void>((resolve) => c.destroy(() => resolve())); // destroying a dead session has nothing left to clean up
  }
}
