import { createCompany, setMainUser } from "../../db/repositories/companies.js";
import { createUser, findUserByEmailForSignIn, ROLE_USER } from "../../db/repositories/users.js";
import { createNetworkAuthorization } from "../../db/repositories/network-authorizations.js";
import { hashPassword } from "../../lib/passwords.js";
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
      const company = await createCompany(trx, { name: NEWCOMER_COMPANY_NAME, activateAlert: false });
      const user = await createUser(trx, company.id, {
        email: NEWCOMER_USER.email,
        passwordHash: await hashPassword(NEWCOMER_USER.password),
        firstName: NEWCOMER_USER.firstName,
        lastName: NEWCOMER_USER.lastName,
        roles: [ROLE_USER],
      });
      await setMainUser(trx, company.id, user.id);
      await createNetworkAuthorization(trx, company.id, { name: "Demo Ads", platform: "demo", credential: { type: "api-key", key: "demo" }, availableDataSources: accounts, createdById: user.id });
    });
    log(`seeded company "${NEWCOMER_COMPANY_NAME}" with ${NEWCOMER_USER.email}, half-way through getting started`);
  },
};
