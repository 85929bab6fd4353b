import { sql } from "kysely";
import type { DB } from "../connection.js";
import type { User } from "../schema.js";

export const ROLE_ADMIN = "ROLE_ADMIN";
export const ROLE_USER = "ROLE_USER";

export type NewUserInput = {
  email: string;
  passwordHash?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  roles?: string[];
  googleId?: string | null;
};

export async function createUser(db: DB, companyId: number, input: NewUserInput): Promise<User> {
  return db
    .insertInto("users")
    .values({
      companyId,
      email: input.email.trim(),
      passwordHash: input.passwordHash ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      roles: input.roles ?? [ROLE_USER],
      googleId: input.googleId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sign-in looks users up across companies by e-mail: this is the one unscoped lookup, and it
 * only ever returns the user who proves the password or the Google identity.
 */
export async function findUserByEmailForSignIn(db: DB, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserByGoogleIdForSignIn(db: DB, googleId: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("googleId", "=", googleId).executeTakeFirst();
}

/** Session resolution: the session row names the user; the company comes from the user. */
export async function getUserById(db: DB, userId: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function getCompanyUser(db: DB, companyId: number, userId: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("companyId", "=", companyId).where("id", "=", userId).executeTakeFirst();
}

export async function listCompanyUsers(db: DB, companyId: number): Promise<User[]> {
  return db.selectFrom("users").selectAll().where("companyId", "=", companyId).orderBy("email").execute();
}

export async function setPasswordHash(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute();
}

export async function linkGoogleId(db: DB, userId: number, googleId: string): Promise<void> {
  await db.updateTable("users").set({ googleId }).where("id", "=", userId).execute();
}

export async function markGettingStartedSkipped(db: DB, companyId: number, userId: number): Promise<void> {
  await db.updateTable("users").set({ skippedGettingStarted: true }).where("companyId", "=", companyId).where("id", "=", userId).execute();
}

/** The user's time zone (an IANA name checked by the caller), or null for the browser's. */
export async function setUserTimeZone(db: DB, companyId: number, userId: number, timeZone: string | null): Promise<void> {
  await db.updateTable("users").set({ timeZone }).where("companyId", "=", companyId).where("id", "=", userId).execute();
}

/** How the user gets alert e-mails: one at each change, or a daily digest (issue 18). */
export async function setAlertEmail(db: DB, companyId: number, userId: number, mode: "each" | "digest"): Promise<boolean> {
  const r = await db.updateTable("users").set({ alertEmail: mode }).where("companyId", "=", companyId).where("id", "=", userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function isAdmin(user: Pick<User, "roles">): boolean {
  return user.roles.includes(ROLE_ADMIN);
}
