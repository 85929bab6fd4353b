import { createNetworkAuthorization, listNetworkAuthorizations, replaceCredential, saveAvailableAccounts } from "../../db/repositories/network-authorizations.js";
import { createDataSource, listDataSources } from "../../db/repositories/data-sources.js";
import type { AvailableAccount } from "../../db/schema.js";
import { getConnector, createConnectorContext, type ApiKeyCredential } from "../../engine/index.js";
import type { SeedStep } from "./context.js";
import { runtimeSettings } from "../../lib/env.js";

const DEMO_CREDENTIAL: ApiKeyCredential = { type: "api-key", key: "demo" };

/** The seeded source's credential: DEMO_LANDING_BASE_URL points the URL checker at a test server (e2e stack). */
const seededCredential = (): ApiKeyCredential =>
  runtimeSettings.demoLandingBaseUrl() ? { ...DEMO_CREDENTIAL, options: { landingBaseUrl: runtimeSettings.demoLandingBaseUrl()! } } : DEMO_CREDENTIAL;

/**
 * The accounts the demo connector reports, asked through the connector itself (it does no I/O),
 * so the seeded source always matches what a user connecting the demo platform would get.
 * docs/decisions/0200: the seed is the one db/ module allowed to call the engine.
 */
export async function demoAccounts(): Promise<AvailableAccount[]> {
  const connector = getConnector("demo");
  const ctx = createConnectorContext(connector, { credential: DEMO_CREDENTIAL });
  await connector.check(ctx);
  const accounts = await connector.listAccounts(ctx);
  return accounts.map((a) => ({ accountId: a.id, name: a.name, timezone: a.timezone, currency: a.currency }));
}

/** A source on the offline `demo` platform with two of its accounts activated. */
export const demoSourceStep: SeedStep = {
  name: "demo-source",
  async run({ db, company, user, log }) {
    const accounts = await demoAccounts();
    const existing = (await listNetworkAuthorizations(db, company.id)).find((s) => s.platform === "demo");
    if (existing) {
      // Databases seeded before the list came from the connector carry stale account ids.
      const cached = (existing.availableDataSources ?? []).map((a) => a.accountId).join(",");
      if (cached !== accounts.map((a) => a.accountId).join(",")) {
        await db.transaction().execute(async (trx) => {
          await replaceCredential(trx, company.id, existing.id, DEMO_CREDENTIAL);
          const activated = await listDataSources(trx, company.id, { networkAuthorizationId: existing.id });
          const ids = new Set(accounts.map((a) => a.accountId));
          await saveAvailableAccounts(trx, company.id, existing.id, accounts, activated.some((d) => !ids.has(d.accountId)) ? "ACCOUNT_NOT_AVAILABLE" : "SUCCESS");
        });
        log(`refreshed the demo source's ${accounts.length} accounts`);
      }
      return;
    }
    await db.transaction().execute(async (trx) => {
      const auth = await createNetworkAuthorization(trx, company.id, {
        name: "Demo Ads",
        platform: "demo",
        credential: seededCredential(),
        availableDataSources: accounts,
        createdById: user.id,
      });
      for (const a of accounts.slice(0, 2)) {
        await createDataSource(trx, company.id, { networkAuthorizationId: auth.id, ...a, activateAlert: true });
      }
    });
    log(`seeded demo source with ${accounts.length} accounts`);
  },
};
