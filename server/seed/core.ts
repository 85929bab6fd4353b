import type { DB } from "../../db/connection.js";
import { createCompany, setMainUser } from "../../db/repositories/companies.js";
import { createUser, findUserByEmailForSignIn, ROLE_ADMIN, ROLE_USER } from "../../db/repositories/users.js";
import { hashPassword } from "../../lib/passwords.js";
import { DEMO_ADMIN, DEMO_COMPANY_NAME, DEMO_USER, type SeedContext } from "./context.js";

/** The demo company, its primary user and a platform admin (who belongs to the same company). */
export async function seedCoreCompany(db: DB, log: (m: string) => void): Promise<Omit<SeedContext, "db" | "log">> {
  const existing = await findUserByEmailForSignIn(db, DEMO_USER.email);
  if (existing) {
    const company = await db.selectFrom("companies").selectAll().where("id", "=", existing.companyId).executeTakeFirstOrThrow();
    const admin = (await findUserByEmailForSignIn(db, DEMO_ADMIN.email))!;
    return { company, user: existing, admin };
  }
  return db.transaction().execute(async (trx) => {
    const company = await createCompany(trx, { name: DEMO_COMPANY_NAME, activateAlert: true });
    const user = await createUser(trx, company.id, {
      email: DEMO_USER.email,
      passwordHash: await hashPassword(DEMO_USER.password),
      firstName: DEMO_USER.firstName,
      lastName: DEMO_USER.lastName,
      roles: [ROLE_USER],
    });
    const admin = await createUser(trx, company.id, {
      email: DEMO_ADMIN.email,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
      roles: [ROLE_USER, ROLE_ADMIN],
    });
    await setMainUser(trx, company.id, user.id);
    log(`seeded company "${company.name}" with ${DEMO_USER.email} and ${DEMO_ADMIN.email}`);
    return { company: { ...company, mainUserId: user.id }, user, admin };
  });
}
