// What the engine needs from the outbound-address guard (lib/outbound/guard.ts, decision 0840). The
// engine imports nothing else in the repository: the app and the worker hand the guard in
// (openDestination's options, the connector context's fetch), and the engine recognises a refusal
// by its code, as it recognises ECONNREFUSED.
import type { Agent as HttpAgent } from "node:http";
import type { Agent as HttpsAgent } from "node:https";
import type { Socket } from "node:net";

export const OUTBOUND_REFUSED = "EOUTBOUND_REFUSED";

export interface OutboundGuard {
  /** The address to connect to for host:port, after resolution and the address policy. */
  resolve(host: string, port: number): Promise<{ address: string; family: 4 | 6 }>;
  /** A TCP socket to host:port, connected to the address that was checked. */
  connect(target: { host: string; port: number; timeoutMs?: number; signal?: AbortSignal }): Promise<Socket>;
  readonly httpAgent: HttpAgent;
  readonly httpsAgent: HttpsAgent;
  readonly fetch: typeof fetch;
}

/** Errors a driver wraps ours in: `cause` chains, AggregateError, and the SDKs' own fields. */
function* causes(error: unknown, depth = 0): Generator<unknown> {
  if (!error || typeof error !== "object" || depth > 8) return;
  yield error;
  const e = error as { cause?: unknown; errors?: unknown[]; originalError?: unknown; err?: unknown; error?: unknown };
  for (const next of [e.cause, e.originalError, e.err, e.error, ...(Array.isArray(e.errors) ? e.errors : [])]) yield* causes(next, depth + 1);
}

/** The guard's refusal inside whatever a driver or fetch threw, if that is what happened. */
export function outboundRefusal(error: unknown): (Error & { code: string }) | undefined {
  for (const e of causes(error)) if ((e as { code?: unknown }).code === OUTBOUND_REFUSED) return e as Error & { code: string };
  return undefined;
}

/** Node's network error code inside a wrapped error (ECONNREFUSED, ETIMEDOUT, ENOTFOUND, ...). */
export function networkCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
  }
  return undefined;
}

/** Failures of reaching a server at all (as opposed to the server's answer). */
export const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKETTIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EPIPE",
  "ECONNABORTED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
  "ETIMEOUT",
]);
