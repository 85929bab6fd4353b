import { findUserByEmailForSignIn, ROLE_USER } from "../../db/repositories/users.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { createSeedCompany } from "./core.js";
import { demoAccounts } from "./demo-source.js";
import { NEWCOMER_COMPANY_NAME, NEWCOMER_USER, type SeedStep } from "./context.js";

/**
 * What a new user sees (issue 19): a company of its own that connected the demo platform and left
 * before choosing accounts, so the getting-started checklist opens on step 2 ("Choose its
 * accounts") from the menu. Idempotent: nothing is added once the newcomer exists.
 */
export const newcomerStep: SeedStep = {
  name: "newcomer",
  async run({ db, log }) {
    if (await findUserByEmailForSignIn(db, NEWCOMER_USER.email)) return;
    const accounts = await demoAccounts();
    await db.transaction().execute(async (trx) => {
      const { company, users } = await createSeedCompany(trx, { name: NEWCOMER_COMPANY_NAME, activateAlert: false }, [{ ...NEWCOMER_USER, roles: [ROLE_USER] }]);
      await createNetworkAuthorization(trx, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, availableDataSources: accounts, createdById: users[0]!.id });
    });
    log(`seeded company "${NEWCOMER_COMPANY_NAME}" with ${NEWCOMER_USER.email}, half-way through getting started`);
  },
};
