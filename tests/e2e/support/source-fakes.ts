// The platform fakes the sources flows talk to in the browser tests: for each connector with a
// contract fixture, its API fake ({PLATFORM}_BASE_URL) and, for OAuth platforms, the generic fake
// authorization server ({PLATFORM}_OAUTH_BASE_URL) issuing the credential that fake accepts, plus
// the product's OAuth app ({PLATFORM}_CLIENT_ID/SECRET and extras). See docs/sources-oauth.md.
import { envPrefix } from "../../../engine/core/app-credentials.js";
import { hasConnector } from "../../../engine/connectors/registry.js";
import type { ContractFixture } from "../../../engine/connectors/contract-fixture.js";
import { startFakeOAuthProvider } from "../../fakes/support/oauth-provider.js";
import { fixtureAppEnv } from "../../support/contract-fixtures.js";

/** One OAuth 2.0, one OAuth 1.0a and one api-key platform (issue 4's "done when"). */
export const E2E_SOURCE_PLATFORMS = ["google-ads", "twitter-ads", "shopify"] as const;

export async function startSourceFakes(log: (m: string) => void = () => {}) {
  const env: Record<string, string> = {};
  const closers: Array<() => Promise<void>> = [];
  const started: string[] = [];
  for (const platform of E2E_SOURCE_PLATFORMS) {
    if (!hasConnector(platform)) {
      log(`[source fakes] ${platform} has no connector in the registry yet: skipped`);
      continue;
    }
    const { contract } = (await import(`../../../engine/connectors/${platform}/contract.js`)) as { contract: ContractFixture };
    if (!contract.startFake) continue;
    const fake = await contract.startFake();
    closers.push(() => fake.close());
    const prefix = envPrefix(platform);
    env[`${prefix}_BASE_URL`] = fake.baseUrl;
    const credential = contract.credential;
    if (credential.type === "oauth2" || credential.type === "oauth1") {
      const clientId = contract.app?.clientId ?? `${platform}-client`;
      const clientSecret = contract.app?.clientSecret ?? `${platform}-secret`;
      const provider = await startFakeOAuthProvider({ name: platform, clientId, clientSecret, issue: credential });
      closers.push(() => provider.close());
      env[`${prefix}_OAUTH_BASE_URL`] = provider.url;
      Object.assign(env, fixtureAppEnv(platform, { ...contract.app, clientId, clientSecret }));
    }
    started.push(platform);
  }
  return {
    env,
    started,
    close: async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}
