import { getDb } from "./db.server.js";
import { reserveAccountMail, type MailReservation } from "./mail-limits.server.js";
import { appOrigin } from "../../lib/env.js";
import { sendMail } from "../../lib/mail.js";
import { hashPassword } from "../../lib/passwords.js";
import { findUserByEmailForSignIn, getUserById, setPasswordHash } from "../../db/repositories/users.js";
import { consumePasswordReset, createPasswordReset, findUsablePasswordReset, invalidatePasswordResets, RESET_TOKEN_TTL_MS } from "../../db/repositories/password-resets.js";
import { deleteUserSessions } from "../../db/repositories/sessions.js";
import { recordThrottleLift } from "../../db/repositories/login-attempts.js";
import { revokeAddonGrants } from "./addon-grants.server.js";

/**
 * Sends the recovery e-mail when the address belongs to an active user, within the account
 * e-mail limits. An unknown address gets the same answer (no account probing) and no e-mail.
 * The link is built on appOrigin() (APP_URL or the address the server started on), never on the
 * request's Host header: a forged Host must not put an attacker's site in the victim's mailbox.
 */
export async function requestPasswordReset(email: string, ip: string | null): Promise<MailReservation> {
  const reservation = await reserveAccountMail({ kind: "password-reset", address: email, ip });
  if (!reservation.ok) return reservation;
  const db = getDb();
  const user = await findUserByEmailForSignIn(db, email);
  if (!user || !user.isActive) return reservation;
  const token = await createPasswordReset(db, user.id);
  const link = `${appOrigin()}/reset-password/${token}`;
  const minutes = RESET_TOKEN_TTL_MS / 60_000;
  await sendMail({
    to: user.email,
    subject: "Reset your Signalpost password",
    text: `Hello${user.firstName ? ` ${user.firstName}` : ""},\n\nSomeone asked to reset the password of your Signalpost account. Choose a new password here (the link works once, for ${minutes} minutes; a newer e-mail replaces it):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
  });
  return reservation;
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  return Boolean(await findUsablePasswordReset(getDb(), token));
}

/**
 * Sets the new password; every other reset link of the user stops working, every session of the
 * user ends, and the sign-in throttling of the e-mail is lifted (the owner proved the mailbox).
 * False when the link is unusable.
 */
export async function completePasswordReset(token: string, newPassword: string): Promise<boolean> {
  const db = getDb();
  const reset = await findUsablePasswordReset(db, token);
  if (!reset) return false;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    if (!(await consumePasswordReset(trx, reset.id))) return false;
    const user = await getUserById(trx, reset.userId);
    if (!user) return false;
    await invalidatePasswordResets(trx, user.id);
    await setPasswordHash(trx, user.id, passwordHash);
    await deleteUserSessions(trx, user.id);
    await recordThrottleLift(trx, user.email);
    await revokeAddonGrants(trx, { userId: user.id });
    return true;
  });
}
