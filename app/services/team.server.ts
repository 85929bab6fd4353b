import { getDb } from "./db.server.js";
import { appOrigin } from "../../lib/env.js";
import { sendMail } from "../../lib/mail.js";
import { reserveAccountMail } from "./mail-limits.server.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import { createUser, ROLE_USER, setPasswordHash } from "../../db/repositories/users.js";
import { consumeInvitation, createInvitation, emailIsTaken, findUsableInvitation, INVITATION_TTL_MS } from "../../db/repositories/team.js";
import type { Company, User } from "../../db/schema.js";
import { revokeAddonGrants } from "./addon-grants.server.js";

export type InviteOutcome = "sent" | "exists" | { limited: "address" | "ip"; retryInMs: number };

/**
 * Spec 3 §8 invite: an e-mail that exists anywhere cannot be invited (users belong to one
 * company). The link is built on appOrigin(), never on the request's Host header; the account
 * e-mail limits apply (`ip`: the inviter's client address).
 */
export async function inviteUser(company: Company, inviter: User, email: string, ip: string | null): Promise<InviteOutcome> {
  const db = getDb();
  if (await emailIsTaken(db, email)) return "exists";
  const reservation = await reserveAccountMail({ kind: "invitation", address: email, ip });
  if (!reservation.ok) return { limited: reservation.scope, retryInMs: reservation.retryInMs };
  const token = await createInvitation(db, company.id, { email, invitedById: inviter.id });
  const days = INVITATION_TTL_MS / 86_400_000;
  const who = [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email;
  await sendMail({
    to: email,
    subject: `${who} invited you to ${company.name} on Signalpost`,
    text: `Hello,\n\n${who} invited you to join ${company.name} on Signalpost.\n\nActivate your account and choose a password here (the link works once, for ${days} days):\n\n${appOrigin()}/company/create-user/${token}\n`,
  });
  return "sent";
}

export async function invitationEmail(token: string): Promise<string | null> {
  return (await findUsableInvitation(getDb(), token))?.email ?? null;
}

/** Single use: the invitation is consumed and the user created in one transaction. */
export async function activateInvitation(token: string, password: string): Promise<{ ok: true; user: User } | { ok: false; reason: "invalid" | "email-taken" }> {
  const passwordHash = await hashPassword(password);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const invitation = await findUsableInvitation(trx, token);
      if (!invitation || !(await consumeInvitation(trx, invitation.id))) return { ok: false as const, reason: "invalid" as const };
      if (await emailIsTaken(trx, invitation.email)) return { ok: false as const, reason: "email-taken" as const };
      const user = await createUser(trx, invitation.companyId, { email: invitation.email, passwordHash, roles: [ROLE_USER] });
      return { ok: true as const, user };
    });
}

/** People who signed up with Google have no password yet: they set one without a current password. */
export async function changePassword(user: User, currentPassword: string | undefined, newPassword: string): Promise<boolean> {
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, currentPassword ?? ""))) return false;
  await setPasswordHash(getDb(), user.id, await hashPassword(newPassword));
  await revokeAddonGrants(getDb(), { companyId: user.companyId, userId: user.id });
  return true;
}
