import { getDb } from "./db.server.js";
import { appOrigin } from "../../lib/env.js";
import { sendMail } from "../../lib/mail.js";
import { reserveAccountMail } from "./mail-limits.server.js";
import { hashPassword } from "../../lib/passwords.js";
import { createCompany, setMainUser } from "../../db/repositories/companies.js";
import { createUser, ROLE_USER } from "../../db/repositories/users.js";
import { consumePendingSignup, createPendingSignup, emailIsTaken, findUsablePendingSignup, SIGNUP_TOKEN_TTL_MS } from "../../db/repositories/team.js";
import type { DB } from "../../db/connection.js";
import type { Company, User } from "../../db/schema.js";

export type NewCompanyInput = { companyName: string; email: string; firstName: string | null; lastName: string | null; passwordHash?: string | null; googleId?: string | null };

/**
 * A new company with its primary user: the 14-day trial starts now and the API key is generated
 * (createCompany). Run inside a transaction so a failure leaves neither half behind.
 */
export async function registerCompany(trx: DB, input: NewCompanyInput): Promise<{ company: Company; user: User }> {
  const company = await createCompany(trx, { name: input.companyName });
  const user = await createUser(trx, company.id, {
    email: input.email,
    passwordHash: input.passwordHash ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    googleId: input.googleId ?? null,
    roles: [ROLE_USER],
  });
  await setMainUser(trx, company.id, user.id);
  return { company: { ...company, mainUserId: user.id }, user };
}

/** A company name for people who signed up with Google and typed nothing: "Sam's company". */
export function defaultCompanyName(firstName: string | null | undefined, email: string): string {
  if (firstName?.trim()) return `${firstName.trim()}'s company`;
  const local = email.split("@")[0] || "My";
  return `${local}'s company`;
}

export type SignupRequest = { companyName: string; email: string; firstName: string | null; lastName: string | null; password: string };

export type SignupOutcome = "sent" | "email-taken" | { limited: "address" | "ip"; retryInMs: number };

/**
 * E-mail + password sign-up step 1: nothing is created until the address is verified. The link
 * is built on appOrigin(), never on the request's Host header; the account e-mail limits apply.
 */
export async function requestSignup(input: SignupRequest, ip: string | null): Promise<SignupOutcome> {
  const db = getDb();
  if (await emailIsTaken(db, input.email)) return "email-taken";
  const reservation = await reserveAccountMail({ kind: "signup-verification", address: input.email, ip });
  if (!reservation.ok) return { limited: reservation.scope, retryInMs: reservation.retryInMs };
  const token = await createPendingSignup(db, {
    email: input.email,
    companyName: input.companyName,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
  });
  const hours = SIGNUP_TOKEN_TTL_MS / 3_600_000;
  await sendMail({
    to: input.email,
    subject: "Confirm your e-mail to start your Signalpost trial",
    text: `Hello${input.firstName ? ` ${input.firstName}` : ""},\n\nConfirm your e-mail address to create ${input.companyName} on Signalpost and start your 14-day free trial (the link works once, for ${hours} hours):\n\n${appOrigin()}/signup/verify/${token}\n\nIf you did not sign up, ignore this e-mail: nothing is created.\n`,
  });
  return "sent";
}

export async function pendingSignupEmail(token: string): Promise<string | null> {
  return (await findUsablePendingSignup(getDb(), token))?.email ?? null;
}

/** Step 2: the link proves the address; the company and its primary user are created at once. */
export async function completeSignup(token: string): Promise<{ ok: true; user: User } | { ok: false; reason: "invalid" | "email-taken" }> {
  const db = getDb();
  return db.transaction().execute(async (trx) => {
    const pending = await findUsablePendingSignup(trx, token);
    if (!pending) return { ok: false as const, reason: "invalid" as const };
    if (!(await consumePendingSignup(trx, pending.id))) return { ok: false as const, reason: "invalid" as const };
    if (await emailIsTaken(trx, pending.email)) return { ok: false as const, reason: "email-taken" as const };
    const { user } = await registerCompany(trx, pending);
    return { ok: true as const, user };
  });
}
