import type { DB } from "../../db/connection.js";
import type { JobInput } from "../../db/repositories/data-streams.js";
import { createCompany, setMainUser } from "../../db/repositories/companies.js";
import { createUser, ROLE_ADMIN, ROLE_USER } from "../../db/repositories/users.js";
import { hashPassword } from "../../lib/passwords.js";

let counter = 0;

// argon2 takes most of a second on a loaded machine: each password is hashed once per test file
// (the hash is salted and valid for every user that shares the password).
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A company with one primary user whose password is known, for tests. */
export async function makeCompanyWithUser(db: DB, opts: { admin?: boolean; password?: string; activateAlert?: boolean; email?: string } = {}) {
  counter += 1;
  const password = opts.password ?? "correct horse battery";
  const company = await createCompany(db, { name: `Company ${counter}`, activateAlert: opts.activateAlert ?? false });
  const user = await createUser(db, company.id, {
    email: opts.email ?? `user${counter}.${Date.now()}@example.test`,
    passwordHash: await hashOnce(password),
    firstName: "Test",
    lastName: `User ${counter}`,
    roles: opts.admin ? [ROLE_USER, ROLE_ADMIN] : [ROLE_USER],
  });
  await setMainUser(db, company.id, user.id);
  return { company, user, password };
}

/**
 * A demo-platform job loading date, campaign and clicks of a CUSTOM range, run by hand (its
 * schedule is once a year): tests pass what they exercise and override the rest.
 */
export function demoJobInput(input: Pick<JobInput, "datastreamId" | "dataSourceIds" | "tableName"> & Partial<JobInput>): JobInput {
  return {
    name: input.tableName,
    recurrency: "0 0 1 1 *",
    date: "CUSTOM",
    startDate: "2024-03-01",
    endDate: "2024-03-03",
    hasToBeInitialized: false,
    dateInitialization: null,
    startDateInitialization: null,
    endDateInitialization: null,
    shouldRunAllEvenIfFailed: false,
    networkAuthorizationId: null,
    fields: { date: "date", campaign_name: "campaign", clicks: "clicks" },
    options: { report: "campaigns" },
    partitionFieldId: "date",
    dataType: null,
    ...input,
  };
}
