// The connector context for one of a company's sources, shared by the app (query URL, previews)
// and the Temporal activities (data-stream runs): decrypted credential, the product's OAuth app
// from the environment, refreshed tokens persisted back, and an optional base URL override
// ({PLATFORM}_BASE_URL) that points a connector at a local fake in tests and demos. Every request
// goes through the outbound guard's fetch: store URLs and site URLs are the tenant's (decision 0840).
import type { DB } from "../db/connection.js";
import type { NetworkAuthorization } from "../db/schema.js";
import { readCredential, updateCredential } from "../db/repositories/network-authorizations.js";
import { appCredentialsFromEnv, envPrefix, createConnectorContext, credentialMethods, parseCredential, type Logger, type Connector, type ConnectorContext } from "../engine/index.js";
import { outboundGuard } from "../lib/outbound/guard.js";
import { platformEnv } from "../lib/env.js";
import { registerReadScope } from "./read-cache/through.js";

export type SourceContextOptions = {
  signal?: AbortSignal;
  log?: Logger;
  env?: Record<string, string | undefined>;
};

export function connectorBaseUrlFromEnv(platform: string, env: Readonly<Record<string, string | undefined>> = platformEnv()): string | undefined {
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
  const env = opts.env ?? platformEnv();
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
    fetch: outboundGuard().fetch,
    onCredentialRefreshed: async (refreshed) => updateCredential(db, companyId, source.id, refreshed),
  });
  // Reads through this context may use the company's read cache (alert evaluations, data-stream runs).
  registerReadScope(ctx, { db, companyId, sourceId: source.id });
  return ctx;
}
