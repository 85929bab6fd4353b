// Every node-postgres Client and Pool of the product, its scripts, tests and benches is made here
// (decision 0800). A pg client whose connection dies (the server restarts, a test database is
// dropped, pg_terminate_backend, "terminating connection due to administrator command") emits
// 'error'; an EventEmitter 'error' without a listener is an uncaught exception, and the process
// dies of it. The one other construction site is the engine's PostgreSQL loader, which may import
// nothing of ours and attaches its own listener; tests/unit/pg-error-listeners.test.ts keeps it so.
import pg from "pg";

/**
 * A pg.Client that cannot crash the process through its 'error' event. Nothing is lost by ignoring
 * the event itself: pg also fails the query in flight and every queued one with the same error,
 * and a pooled client's death while idle is reported by its pool (createPgPool).
 */
export class PgClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", () => undefined);
  }
}

/** What a log line may say of a connection error: its SQLSTATE and message, no settings. */
function describeError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e?.message === "string" ? e.message : String(error);
  return typeof e?.code === "string" ? `${message} (${e.code})` : message;
}

/**
 * A pg.Pool whose clients are PgClients (so one checked out by a query, which the pool no longer
 * listens to, is covered too) and whose idle-client errors are logged: the pool has already
 * dropped that client and opens a new one on demand.
 */
export function createPgPool(config: pg.PoolConfig, opts: { label?: string } = {}): pg.Pool {
  const pool = new pg.Pool({ ...config, Client: PgClient });
  pool.on("error", (error) => console.warn(`[${opts.label ?? "pg"}] an idle database connection was lost: ${describeError(error)}`));
  return pool;
}

/** One connected client for `fn`, ended afterwards (administration: create or drop a database). */
export async function withPgClient<T>(config: string | pg.ClientConfig, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new PgClient(config);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined); // a connection the server already closed has nothing to end
  }
}
