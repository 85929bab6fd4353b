import type { DB } from "../../db/connection.js";
import { createCompany, setMainUser } from "../../db/repositories/companies.js";
import { createUser, ROLE_ADMIN, ROLE_USER } from "../../db/repositories/users.js";
import { hashPassword } from "../../lib/passwords.js";

let counter = 0;

/** A company with one primary user whose password is known, for tests. */
export async function makeCompanyWithUser(db: DB, opts: { admin?: boolean; password?: string; activateAlert?: boolean; email?: string } = {}) {
  counter += 1;
  const password = opts.password ?? "correct horse battery";
  const company = await createCompany(db, { name: `Company ${counter}`, activateAlert: opts.activateAlert ?? false });
  const user = await createUser(db, company.id, {
    email: opts.email ?? `user${counter}.${Date.now()}@example.test`,
    passwordHash: await hashPassword(password),
    firstName: "Test",
    lastName: `User ${counter}`,
    roles: opts.admin ? [ROLE_USER, ROLE_ADMIN] : [ROLE_USER],
  });
  await setMainUser(db, company.id, user.id);
  return { company, user, password };
}
