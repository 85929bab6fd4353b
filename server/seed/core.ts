import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";
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
    const { company, users } = await createSeedCompany(trx, { name: DEMO_COMPANY_NAME, activateAlert: true }, [
      { ...DEMO_USER, roles: [ROLE_USER] },
      { ...DEMO_ADMIN, roles: [ROLE_USER, ROLE_ADMIN] },
    ]);
    const [user, admin] = users as [User, User];
    log(`seeded company "${company.name}" with ${DEMO_USER.email} and ${DEMO_ADMIN.email}`);
    return { company, user, admin };
  });
}

type SeedPerson = { email: string; password: string; firstName: string; lastName: string; roles: string[] };

/** A seeded company and its people, the first one its primary user (the demo company, the newcomer). */
export async function createSeedCompany(db: DB, input: { name: string; activateAlert: boolean }, people: SeedPerson[]): Promise<{ company: Company; users: User[] }> {
  const company = await createCompany(db, input);
  const users: User[] = [];
  for (const p of people) {
    users.push(await createUser(db, company.id, { email: p.email, passwordHash: await hashPassword(p.password), firstName: p.firstName, lastName: p.lastName, roles: p.roles }));
  }
  await setMainUser(db, company.id, users[0]!.id);
  return { company: { ...company, mainUserId: users[0]!.id }, users };
}
