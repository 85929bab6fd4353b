// The connector context for one of a company's sources, shared by the app (query URL, previews)
// and the Temporal activities (data-stream runs): decrypted credential, the product's OAuth app
// from the environment, refreshed tokens persisted back, and an optional base URL override
// ({PLATFORM}_BASE_URL) that points a connector at a local fake in tests and demos.
import type { DB } from "../db/connection.js";
import type { NetworkAuthorization } from "../db/schema.js";
import { readCredential, updateCredential } from "../db/repositories/network-authorizations.js";
import { appCredentialsFromEnv, envPrefix } from "../engine/core/app-credentials.js";
import { createConnectorContext } from "../engine/core/context.js";
import { credentialMethods, parseCredential } from "../engine/core/credentials.js";
import type { Logger } from "../engine/core/logger.js";
import type { Connector, ConnectorContext } from "../engine/core/types.js";
import { registerReadScope } from "../server/read-cache/through.js";

export type SourceContextOptions = {
  signal?: AbortSignal;
  log?: Logger;
  env?: Record<string, string | undefined>;
};

export function connectorBaseUrlFromEnv(platform: string, env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env[`${envPrefix(platform)}_BASE_URL`];
  return value ? value : undefined;
}

export function connectorContextForSource(
  db: DB,
  companyId: number,
  source: Pick<NetworkAuthorization, "id" | "platform" | "credentialEncrypted">,
  connector: Connector,
  opts: SourceContextOptions = {},
): ConnectorContext {
  const env = opts.env ?? process.env;
  const credential = parseCredential(readCredential(source), { platform: connector.id, method: credentialMethods(connector) });
  const { extra, ...app } = appCredentialsFromEnv(connector.id, env);
  // {PLATFORM}_BASE_URL is ours (the fake's address), not one of the platform's app extras.
  const { baseUrl: _baseUrl, ...platformExtra } = extra ?? {};
  const ctx = createConnectorContext(connector, {
    credential,
    app: { ...app, extra: platformExtra },
    baseUrl: connectorBaseUrlFromEnv(connector.id, env),
    signal: opts.signal,
    log: opts.log,
    onCredentialRefreshed: async (refreshed) => updateCredential(db, companyId, source.id, refreshed),
  });
  // Reads through this context may use the company's read cache (alert evaluations, data-stream runs).
  registerReadScope(ctx, { db, companyId, sourceId: source.id });
  return ctx;
}
