// Builds the ConnectorContext a connector runs with. The app (check, accounts), the worker
// (extractions) and the CLI all go through here, so every call gets the same http rules.
import { credentialMethods, parseCredential } from "./credentials.js";
import { createHttpClient, type RetryPolicy } from "./http.js";
import { redactingLogger, type Logger } from "./logger.js";
import { secretsOf } from "./redact.js";
import type { AppCredentials, Connector, ConnectorContext, Credential } from "./types.js";

export interface CreateContextOptions {
  credential: Credential;
  app?: AppCredentials;
  onCredentialRefreshed?: (credential: Credential) => Promise<void>;
  /** Point the connector at a fake; its host becomes the only allowed one. */
  baseUrl?: string;
  /** Defaults to the connector's token URL, moved onto `baseUrl`'s origin when that is set. */
  tokenUrl?: string;
  signal?: AbortSignal;
  log?: Logger;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** The app and the worker pass the outbound guard's fetch (lib/outbound/guard.ts): base and store URLs may be the tenant's. */
  fetch?: typeof fetch;
  now?: () => Date;
}

function moveOntoOrigin(url: string, baseUrl: string): string {
  const original = new URL(url);
  return new URL(original.pathname + original.search, new URL(baseUrl).origin).toString();
}

export function createConnectorContext(connector: Connector, opts: CreateContextOptions): ConnectorContext {
  // Credentials come decrypted from storage or from a file: refuse a malformed one here, with a
  // typed error, rather than as a confusing 401 later. The original object is kept as given.
  parseCredential(opts.credential, { platform: connector.id, method: credentialMethods(connector) });
  const baseUrl = opts.baseUrl ?? connector.baseUrlFor?.(opts.credential) ?? connector.defaultBaseUrl;
  const oauth2 = connector.oauth2
    ? {
        ...connector.oauth2,
        tokenUrl:
          opts.tokenUrl ??
          (opts.baseUrl
            ? moveOntoOrigin(connector.oauth2.tokenUrl, opts.baseUrl)
            : (connector.oauth2TokenUrlFor?.(opts.credential.type === "oauth2" ? opts.credential.options : undefined) ?? connector.oauth2.tokenUrl)),
      }
    : undefined;
  const http = createHttpClient({
    platform: connector.id,
    // With an override (a fake in tests, a sandbox) only its host is reachable: a connector that
    // builds an absolute URL to its real host fails loudly instead of calling the internet.
    allowedHosts: opts.baseUrl ? [] : connector.allowedHosts,
    baseUrl,
    credential: opts.credential,
    app: opts.app,
    authorize: connector.authorize?.bind(connector),
    classifyError: connector.classifyError?.bind(connector),
    oauth2,
    onCredentialRefreshed: opts.onCredentialRefreshed,
    rateLimit: connector.rateLimit,
    retry: opts.retry,
    timeoutMs: opts.timeoutMs,
    log: opts.log,
    signal: opts.signal,
    fetch: opts.fetch,
    now: opts.now,
  });
  return {
    credential: opts.credential,
    http,
    app: opts.app,
    onCredentialRefreshed: opts.onCredentialRefreshed,
    baseUrl: opts.baseUrl,
    signal: opts.signal,
    // Connectors log through this: the same redaction as the http client's own lines.
    log: redactingLogger(opts.log, () => secretsOf(http.credential, opts.credential, opts.app?.clientSecret ? { clientSecret: opts.app.clientSecret } : {}, opts.app?.extra ?? {})),
  };
}
