// The connection check of spec 1 §7 / spec 3 §7 ("status boolean") in one call, so the app's
// connect forms and OAuth returns need no connector knowledge.
import { createConnectorContext, type CreateContextOptions } from "../core/context.js";
import { credentialMethods, parseCredential } from "../core/credentials.js";
import { ConnectorError, InvalidCredentialError } from "../core/errors.js";
import type { Credential } from "../core/types.js";
import { registry as defaultRegistry, type ConnectorRegistry } from "./registry.js";

export interface ConnectionCheckResult {
  status: boolean;
  /** Why it failed, for the "Unable to connect" banner; already free of secrets. */
  message?: string;
  /** Who is connected (an e-mail, a shop name), when the platform says. */
  identity?: string;
  /** The credential as checked: a refresh during the check may have replaced it. */
  credential?: Credential;
}

/**
 * Parses `credential` (unknown input) for `platform` and runs the connector's check.
 * A rejected or malformed credential gives status false with a message; unknown platforms and
 * transient or system failures throw, so the caller can tell "wrong key" from "try later".
 */
export async function checkConnection(
  platform: string,
  credential: unknown,
  opts: Omit<CreateContextOptions, "credential"> & { registry?: Pick<ConnectorRegistry, "getConnector"> } = {},
): Promise<ConnectionCheckResult> {
  const connector = (opts.registry ?? defaultRegistry).getConnector(platform);
  let parsed: Credential;
  try {
    parsed = parseCredential(credential, { platform: connector.id, method: credentialMethods(connector) });
  } catch (error) {
    if (error instanceof InvalidCredentialError) return { status: false, message: error.message };
    throw error;
  }
  const ctx = createConnectorContext(connector, { ...opts, credential: parsed });
  try {
    const result = await connector.check(ctx);
    return { status: true, identity: result.identity, credential: ctx.http.credential };
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "config") return { status: false, message: error.message };
    throw error;
  }
}
