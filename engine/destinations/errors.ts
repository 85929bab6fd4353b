import { EngineError } from "../core/errors.js";
import { networkCode, outboundRefusal } from "../core/outbound.js";

export type DestinationErrorKind = "config" | "transient" | "system";

/**
 * The one error a destination raises. config: the user must fix the settings (wrong password,
 * unknown bucket, a table name the destination rejects); transient: retry (network, lock timeout);
 * system: our bug or the destination's (a row outside the partition being replaced).
 */
export class DestinationError extends EngineError {
  readonly code = "destination_error";
  readonly kind: DestinationErrorKind;
  readonly destination: string;

  constructor(destination: string, kind: DestinationErrorKind, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "DestinationError";
    this.destination = destination;
    this.kind = kind;
  }

  get httpStatus(): number {
    return this.kind === "config" ? 400 : this.kind === "transient" ? 503 : 502;
  }

  override get retryable(): boolean {
    return this.kind === "transient";
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), kind: this.kind, destination: this.destination };
  }
}

/**
 * The table's columns refuse the rows (a column dropped or retyped by hand, a NOT NULL or unique
 * constraint added outside Signalpost): the same rows would be refused again, so the run fails at
 * once instead of being retried. Each loader's classify maps its driver's codes here.
 */
export function schemaMismatch(destination: string, detail: string, cause?: unknown): DestinationError {
  return new DestinationError(
    destination,
    "config",
    `The destination table does not accept these rows (${detail.replace(/\.$/, "")}). Its columns no longer match the job's fields: fix the table, or give the job a new table name.`,
    cause,
  );
}

/** Network-level failures worth retrying (the server is down or restarting), by Node error code. */
const TRANSIENT_CODES = new Set(["ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "ECONNABORTED", "57P01", "40001", "40P01", "ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT"]);

export function isTransientCode(code: unknown): boolean {
  return typeof code === "string" && TRANSIENT_CODES.has(code);
}

/**
 * A failure to reach the destination at all, in one message per kind: refused by the outbound
 * guard (its own message), host not found, or no connection. Never the errno, the resolved address
 * or the difference between a closed and a filtered port: a connection check must not map a network.
 * Undefined when the error is the destination's answer rather than a failure to reach it.
 */
export function reachError(destination: string, error: unknown, during: "check" | "load", where: string): DestinationError | undefined {
  if (error instanceof DestinationError) return error;
  const refusal = outboundRefusal(error);
  if (refusal) return new DestinationError(destination, "config", refusal.message, error);
  const code = networkCode(error);
  if (!code) return undefined;
  if (code === "ENOTFOUND" || code === "EAI_FAIL") return new DestinationError(destination, "config", `Could not find the host ${where}. Check its name.`, error);
  if (during === "check")
    return new DestinationError(destination, "config", `Could not connect to ${where}. Check the host and port, and that the server accepts connections from Signalpost.`, error);
  return new DestinationError(destination, "transient", `The connection to ${where} failed or was lost. The run will retry.`, error);
}
