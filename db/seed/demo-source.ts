import { createNetworkAuthorization, listNetworkAuthorizations } from "../repositories/network-authorizations.js";
import { createDataSource } from "../repositories/data-sources.js";
import type { SeedStep } from "./context.js";

/**
 * A source on the offline `demo` platform with its accounts activated. The account list mirrors
 * what the demo connector reports (engine/connectors/demo); the sources issue replaces this copy
 * with a call through the connector once the source service exists.
 */
export const demoSourceStep: SeedStep = {
  name: "demo-source",
  async run({ db, company, user, log }) {
    const sources = await listNetworkAuthorizations(db, company.id);
    if (sources.some((s) => s.platform === "demo")) return;
    const accounts = [
      { accountId: "demo-001", name: "Acme Shoes (FR)", timezone: "Europe/Paris", currency: "EUR" },
      { accountId: "demo-002", name: "Blue Bikes (US)", timezone: "America/New_York", currency: "USD" },
      { accountId: "demo-003", name: "Café Crème (UK)", timezone: "Europe/London", currency: "GBP" },
    ];
    await db.transaction().execute(async (trx) => {
      const auth = await createNetworkAuthorization(trx, company.id, {
        name: "Demo Ads",
        platform: "demo",
        credential: { kind: "api-key", key: "demo" },
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
