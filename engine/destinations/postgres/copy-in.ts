// COPY ... FROM STDIN through pg-copy-streams, with the protocol surprises contained (decision 0800).
// node-postgres hands every backend message to the running query's handle* methods from inside
// the socket's 'data' handler (node_modules/pg/lib/client.js, _handleReadyForQuery and friends),
// so whatever a query object throws there is an uncaught exception: it kills the process. A server
// that answers COPY out of turn did exactly that to pg-copy-streams ("this.cb_ReadyForQuery is not
// a function" on a ReadyForQuery before CopyInResponse). Here every handler pg may call exists, is
// checked against the COPY IN flow and never throws: a message out of that flow drops the
// connection (its state can no longer be trusted) and ends the stream with a DestinationError,
// which the load's pipeline turns into a failed load.
import { from as copyFrom, type CopyStreamQuery } from "pg-copy-streams";
import { DestinationError } from "../errors.js";

/** Every method node-postgres calls on the query it is running (pg/lib/client.js, pg 8.x). */
export const PG_QUERY_HANDLERS = [
  "handleRowDescription",
  "handleDataRow",
  "handlePortalSuspended",
  "handleEmptyQuery",
  "handleCommandComplete",
  "handleCopyInResponse",
  "handleCopyData",
  "handleReadyForQuery",
  "handleError",
] as const;
type Handler = (typeof PG_QUERY_HANDLERS)[number];

/** The private state of pg-copy-streams' CopyStreamQuery (copy-from.js, 7.x) read by the checks. */
type CopyInternals = CopyStreamQuery & {
  _gotCopyInResponse: boolean;
  /** Set by _final, once CopyDone is on its way: only then may CommandComplete and ReadyForQuery come. */
  cb_ReadyForQuery: (() => void) | null;
  /** null once pg-copy-streams let go of the connection (after handleError or handleReadyForQuery). */
  connection: unknown;
  _destroy(error: Error | null, callback: (error?: Error | null) => void): void;
} & Partial<Record<Handler, (...args: unknown[]) => void>>;

/** How long a destroyed COPY waits for the server to answer its CopyFail before the connection is cut. */
const COPY_FAIL_ANSWER_MS = 30_000;

/** The protocol flaw a message reveals at this point of the COPY IN flow, or undefined when it fits. */
function outOfFlow(name: Handler, s: CopyInternals): string | undefined {
  switch (name) {
    case "handleCopyInResponse":
      return s._gotCopyInResponse ? "a second CopyInResponse" : undefined;
    case "handleCommandComplete":
      return s.cb_ReadyForQuery ? undefined : "CommandComplete before the rows were all sent";
    case "handleReadyForQuery":
      if (!s._gotCopyInResponse) return "ReadyForQuery instead of CopyInResponse";
      return s.cb_ReadyForQuery ? undefined : "ReadyForQuery before the rows were all sent";
    case "handleError":
      return undefined;
    default:
      return `${name.slice("handle".length)} in answer to COPY FROM STDIN`;
  }
}

/**
 * A COPY FROM STDIN stream for `client.query(...)`. `dropConnection` must cut the client's socket:
 * it is called when the server leaves the protocol, after which the stream fails with a
 * DestinationError naming what the server did.
 */
export function copyIn(sql: string, opts: { destination: string; host: string; dropConnection: () => void; copyFailAnswerMs?: number }): CopyStreamQuery {
  const stream = copyFrom(sql) as CopyInternals;
  let broken = false;
  const violation = (what: string) => {
    if (broken) return;
    broken = true;
    opts.dropConnection();
    stream.destroy(
      new DestinationError(opts.destination, "system", `The server at ${opts.host} broke the PostgreSQL protocol during COPY (${what}); nothing of this load was kept.`),
    );
  };

  for (const name of PG_QUERY_HANDLERS) {
    const original = stream[name]?.bind(stream);
    stream[name] = (...args: unknown[]) => {
      if (broken) return; // the connection is being dropped; pg still reports its end to the query
      const flaw = outOfFlow(name, stream) ?? (original ? undefined : `${name.slice("handle".length)} in answer to COPY FROM STDIN`);
      if (flaw) return violation(flaw);
      try {
        original!(...args);
      } catch (error) {
        violation(`${name.slice("handle".length)} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
  }

  // pg-copy-streams finishes a destroy only when the server answers the CopyFail it sends, and
  // writes that CopyFail to a connection it may already have let go of (null after an error).
  const destroy = stream._destroy.bind(stream);
  stream._destroy = (error, callback) => {
    if (broken || stream.connection === null) return callback(error);
    let settled = false;
    const settle = (e?: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      callback(e);
    };
    const giveUp = () => {
      broken = true;
      opts.dropConnection();
      settle(error);
    };
    const deadline = setTimeout(giveUp, opts.copyFailAnswerMs ?? COPY_FAIL_ANSWER_MS);
    deadline.unref();
    try {
      destroy(error, settle);
    } catch {
      giveUp();
    }
  };
  return stream;
}
