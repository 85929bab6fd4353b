// The context connector tests build against a fake: fast retries, refreshed credentials captured.
import { createConnectorContext } from "../../../engine/core/context.js";
import type { AppCredentials, Connector, ConnectorContext, Credential } from "../../../engine/core/types.js";

export interface FakeContext {
  ctx: ConnectorContext;
  /** Credentials persisted through onCredentialRefreshed, oldest first. */
  refreshed: Credential[];
}

export function fakeContext(
  connector: Connector,
  fake: { baseUrl: string; tokenUrl?: string },
  opts: { credential: Credential; app?: AppCredentials; retries?: number; now?: () => Date },
): FakeContext {
  const refreshed: Credential[] = [];
  const ctx = createConnectorContext(connector, {
    credential: opts.credential,
    app: opts.app,
    baseUrl: fake.baseUrl,
    tokenUrl: fake.tokenUrl,
    retry: { retries: opts.retries ?? 3, minTimeoutMs: 1, maxTimeoutMs: 5 },
    now: opts.now,
    onCredentialRefreshed: async (credential) => {
      refreshed.push(credential);
    },
  });
  return { ctx, refreshed };
}
