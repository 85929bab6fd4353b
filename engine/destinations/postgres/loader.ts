// PostgreSQL (and Redshift) loader. A load is one transaction: lock the (table, account) slice,
// replace the scope, COMMIT. On Redshift: DELETE the scope, multi-row INSERT. On PostgreSQL: COPY
// FROM STDIN, day by day, skipping the days whose rows are unchanged (row fingerprints) and deleting
// the previous rows of the others first (replaceByCopy). A run killed half-way rolls back, and a
// repeated run replaces what the last one wrote: every (account, day) holds exactly one run's rows.
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { assertInScope, assertTableName, csvLine, rowValues, scopeDays, throwIfAborted, writeInChunks } from "../columns.js";
import { DestinationError, isTransientCode } from "../errors.js";
import { addColumnSql, createTableSql, deleteScopeSql, insertSql, missingColumns, qualified, rowsPerInsert, scopeWhereSql, splitHostPort, type SqlDialect } from "../sql.js";
import { ACCOUNT_COLUMN, type DestinationLoader, type LoadRequest, type LoadResult, type LoadTable } from "../types.js";
import { postgresDialect, redshiftDialect } from "./dialect.js";

export interface PostgresConfig {
  host: string;
  port?: number;
  username: string;
  password: string;
  database: string;
  /** "require" turns TLS on (Redshift and most hosted PostgreSQL want it). */
  ssl?: boolean;
}

/** SQLSTATE classes the user must fix: bad password (28), unknown database (3D), no privilege (42501). */
function classify(type: string, error: unknown, during: "check" | "load"): DestinationError {
  const e = error as { code?: string; message?: string };
  const msg = e?.message ?? String(error);
  if (error instanceof DestinationError) return error;
  const code = e?.code ?? "";
  if (code.startsWith("28") || code === "3D000" || code === "42501" || code === "3F000" || code === "ENOTFOUND")
    return new DestinationError(type, "config", msg, error);
  if (code === "ECONNREFUSED") return new DestinationError(type, during === "check" ? "config" : "transient", `The server refused the connection (${msg}).`, error);
  if (isTransientCode(code) || code.startsWith("08") || code.startsWith("53") || code.startsWith("57")) return new DestinationError(type, "transient", msg, error);
  if (code.startsWith("42")) return new DestinationError(type, "config", msg, error);
  return new DestinationError(type, "system", msg, error);
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
    const client = new pg.Client({
      host,
      port,
      user: this.config.username,
      password: this.config.password,
      database: this.config.database,
      ssl: this.config.ssl ? { rejectUnauthorized: false } : undefined,
      connectionTimeoutMillis: 10_000,
      application_name: "signalpost-loader",
    });
    // A dropped connection emits 'error' on the client; without a listener Node would crash the worker.
    client.on("error", () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw classify(this.type, error, during);
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
      throw classify(this.type, error, "check");
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
        // Each row's fingerprint: a re-run keeps the days it fetched unchanged (replaceByCopy).
        await client.query(`ALTER TABLE ${qualified(this.dialect, table.name)} ADD COLUMN IF NOT EXISTS ${this.dialect.quote(ROW_HASH_COLUMN)} BIGINT`);
        // The DELETE of every load filters on the account and the days: index them.
        const cols = [table.columns[0]!.name, ...table.partitionColumns.filter((c) => c !== table.columns[0]!.name)];
        const indexName = `${name}_sp_partition_idx`.slice(0, 63);
        await client.query(
          `CREATE INDEX IF NOT EXISTS ${this.dialect.quote(indexName)} ON ${qualified(this.dialect, table.name)} (${cols.map((c) => this.dialect.quote(c)).join(", ")})`,
        );
      }
    } catch (error) {
      throw classify(this.type, error, "load");
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
      if (this.type === "postgres") count = await this.replaceByCopy(client, request, days);
      else {
        const del = deleteScopeSql(this.dialect, table, scope);
        await client.query(del.sql, del.params);
        count = await this.insertRows(client, request, days);
      }
      throwIfAborted(request.signal, this.type);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined); // the connection may be gone; the server rolls back then
      throw classify(this.type, error, "load");
    }
    return { rows: count, partitions: dayList?.length ?? 1 };
  }

  /**
   * PostgreSQL's replace, inside the load's transaction, skipping the days a re-run fetched
   * unchanged (the restatement window re-reads recent days that mostly did not move). Every row
   * carries a fingerprint of its CSV line (ROW_HASH_COLUMN). Before loading, the table's rows of the
   * scope are summed per day (count and fingerprint sums). Incoming rows are held per day while the
   * stream stays on that day; a day whose rows sum the same as the table's is kept as it is; any
   * other day has its previous rows deleted, then its rows COPYed (one COPY per run of changed
   * days). Days the run no longer has are deleted at the end. The table ends exactly as a DELETE of
   * the scope plus a COPY would leave it, barring a fingerprint collision (count and two sums of
   * 52-bit hashes all equal for different rows). Memory stays at one day's rows (capped).
   */
  private async replaceByCopy(client: pg.Client, request: LoadRequest, days: Set<string> | undefined): Promise<number> {
    const { table, scope } = request;
    const q = (name: string) => this.dialect.quote(name);
    const target = qualified(this.dialect, table.name);
    const where = scopeWhereSql(this.dialect, scope);
    const dated = Boolean(scope.dateColumn && days);
    const existing = new Map<string, DayPrint>();
    const sums = await client.query<{ day: string; n: string; hashed: string; hi: string | null; lo: string | null }>(
      `SELECT ${dated ? `to_char(${q(scope.dateColumn!)}, 'YYYY-MM-DD')` : "''"} AS day, count(*) AS n, count(${q(ROW_HASH_COLUMN)}) AS hashed, ` +
        `sum(${q(ROW_HASH_COLUMN)} / ${HASH_LO}) AS hi, sum(${q(ROW_HASH_COLUMN)} % ${HASH_LO}) AS lo FROM ${target} WHERE ${where.sql} GROUP BY 1`,
      where.params,
    );
    // A day holding rows written before fingerprints existed (hashed < n) never matches.
    for (const r of sums.rows) existing.set(r.day, { n: Number(r.n), hi: r.n === r.hashed ? Number(r.hi ?? 0) : NaN, lo: Number(r.lo ?? 0) });
    const deleteDays = async (list: string[]) => {
      if (list.length === 0) return;
      if (!dated) await client.query(`DELETE FROM ${target} WHERE ${where.sql}`, where.params);
      else await client.query(`DELETE FROM ${target} WHERE ${q(ACCOUNT_COLUMN)} = $1 AND ${q(scope.dateColumn!)} = ANY($2::date[])`, [scope.accountId, list]);
    };
    const cols = [...table.columns.map((c) => c.name), ROW_HASH_COLUMN].map(q).join(", ");
    const copy = new SegmentedCopy(client, `COPY ${target} (${cols}) FROM STDIN WITH (FORMAT csv)`);
    const decided = new Map<string, "kept" | "replaced">();
    let count = 0;
    let day: string | undefined;
    let held: DayLine[] = [];
    let print: DayPrint = { n: 0, hi: 0, lo: 0 };
    const replaceDay = async (d: string, lines: DayLine[]) => {
      decided.set(d, "replaced");
      // Its previous rows go before any of its new rows are written (the COPY pauses for the DELETE).
      if (existing.has(d)) {
        await copy.pause();
        await deleteDays([d]);
      }
      for (const l of lines) await copy.write(l.line);
    };
    const settle = async () => {
      if (day === undefined) return;
      const before = existing.get(day);
      if (before !== undefined && before.n === print.n && before.hi === print.hi && before.lo === print.lo) decided.set(day, "kept");
      else await replaceDay(day, held);
      day = undefined;
      held = [];
      print = { n: 0, hi: 0, lo: 0 };
    };
    try {
      for await (const batch of request.rows as AsyncIterable<import("../../core/types.js").Row[]>) {
        throwIfAborted(request.signal, this.type);
        for (const row of batch) {
          const l = fingerprinted(assertInScope(row, scope, days, this.type), csvLine(rowValues(table, scope.accountId, row)));
          if (l.day !== day) await settle();
          // Decided already: a replaced day's rows go straight in. A kept day seen again was only a
          // prefix: its later rows are appended and its table rows stay (they equal that prefix).
          if (decided.has(l.day)) {
            await copy.write(l.line);
            continue;
          }
          // A day the table does not hold yet (every day of a first load) cannot be kept: write it at once.
          if (!existing.has(l.day)) {
            decided.set(l.day, "replaced");
            await copy.write(l.line);
            continue;
          }
          day = l.day;
          held.push(l);
          print.n++;
          print.hi += l.hi;
          print.lo += l.lo;
          if (held.length >= DAY_BUFFER_ROWS) {
            const lines = held;
            day = undefined;
            held = [];
            print = { n: 0, hi: 0, lo: 0 };
            await replaceDay(l.day, lines);
          }
        }
        count += batch.length;
        request.onProgress?.(count);
      }
      await settle();
      await copy.pause();
    } catch (error) {
      copy.abort(error);
      throw error;
    }
    throwIfAborted(request.signal, this.type);
    // Days the table had in the scope and the run no longer has.
    await deleteDays([...existing.keys()].filter((d) => !decided.has(d)));
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
    await c?.end().catch(() => undefined); // closing a dead connection has nothing left to clean up
  }
}

/** The hidden column holding each row's fingerprint (PostgreSQL tables only). */
export const ROW_HASH_COLUMN = "_sp_row_hash";
/** A fingerprint is hi * 2^20 + lo: hi 32 bits, lo 20 bits, so a day's sums stay exact in doubles. */
const HASH_LO = 1_048_576;

type DayPrint = { n: number; hi: number; lo: number };
type DayLine = { day: string; line: string; hi: number; lo: number };

/** Two FNV-1a hashes (different offset bases) of the CSV line, as 32 + 20 bits. */
function fingerprinted(day: string, csv: string): DayLine {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h2 >>> 15);
  }
  const hi = h1 >>> 0;
  const lo = (h2 >>> 0) % HASH_LO;
  // The CSV line ends with a newline: the fingerprint goes in as its last field.
  return { day, line: `${csv.slice(0, -1)},${hi * HASH_LO + lo}\n`, hi, lo };
}

/** Rows held per day at most: past it, the day is written without waiting to compare it. */
const DAY_BUFFER_ROWS = 50_000;
/** Lines gathered before one write to the COPY stream. */
const COPY_CHUNK_CHARS = 64 * 1024;

/**
 * COPY FROM STDIN that can pause (finish the statement so the connection can run a DELETE) and
 * resume on the next write with a new COPY of the same table. Writes wait for the stream's drain.
 */
class SegmentedCopy {
  private stream: ReturnType<typeof copyFrom> | undefined;
  private done: Promise<void> | undefined;
  private pending = "";

  constructor(
    private readonly client: pg.Client,
    private readonly sql: string,
  ) {}

  async write(line: string): Promise<void> {
    this.pending += line;
    if (this.pending.length >= COPY_CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending) return;
    if (!this.stream) {
      const stream = this.client.query(copyFrom(this.sql));
      this.stream = stream;
      this.done = new Promise((resolve, reject) => {
        stream.on("finish", () => resolve());
        stream.on("error", reject);
      });
      this.done.catch(() => undefined); // awaited in pause(); an early error must not go unhandled
    }
    const chunk = this.pending;
    this.pending = "";
    if (!this.stream.write(chunk)) await new Promise<void>((resolve, reject) => {
      this.stream!.once("drain", resolve);
      this.stream!.once("error", reject);
    });
  }

  /** Ends the current COPY (if any) and waits until the server has it all. */
  async pause(): Promise<void> {
    await this.flush();
    if (!this.stream) return;
    const done = this.done!;
    this.stream.end();
    this.stream = undefined;
    this.done = undefined;
    await done;
  }

  abort(error: unknown): void {
    this.pending = "";
    this.stream?.destroy(error instanceof Error ? error : new Error(String(error)));
    this.stream = undefined;
  }
}
