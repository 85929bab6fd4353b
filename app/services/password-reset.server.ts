import { getDb } from "./db.server.js";
import { sendMail } from "../../lib/mail.js";
import { hashPassword } from "../../lib/passwords.js";
import { findUserByEmailForSignIn, setPasswordHash } from "../../db/repositories/users.js";
import { consumePasswordReset, createPasswordReset, findUsablePasswordReset, RESET_TOKEN_TTL_MS } from "../../db/repositories/password-resets.js";
import { deleteUserSessions } from "../../db/repositories/sessions.js";
import { revokeAddonGrants } from "./addon-grants.server.js";

/**
 * Sends the recovery e-mail when the address belongs to an active user. An unknown address gets
 * the same answer on screen (no account probing) and no e-mail.
 */
export async function requestPasswordReset(email: string, appOrigin: string): Promise<void> {
  const db = getDb();
  const user = await findUserByEmailForSignIn(db, email);
  if (!user || !user.isActive) return;
  const token = await createPasswordReset(db, user.id);
  const link = `${appOrigin}/reset-password/${token}`;
  const minutes = RESET_TOKEN_TTL_MS / 60_000;
  await sendMail({
    to: user.email,
    subject: "Reset your Signalpost password",
    text: `Hello${user.firstName ? ` ${user.firstName}` : ""},\n\nSomeone asked to reset the password of your Signalpost account. Choose a new password here (the link works once, for ${minutes} minutes):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
  });
}

export async function isResetTokenUsable(token: string): Promise<boolean> {
  return Boolean(await findUsablePasswordReset(getDb(), token));
}

/** Sets the new password and signs the user out everywhere; false when the link is unusable. */
export async function completePasswordReset(token: string, newPassword: string): Promise<boolean> {
  const db = getDb();
  const reset = await findUsablePasswordReset(db, token);
  if (!reset) return false;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    if (!(await consumePasswordReset(trx, reset.id))) return false;
    await setPasswordHash(trx, reset.userId, passwordHash);
    await deleteUserSessions(trx, reset.userId);
    await revokeAddonGrants(trx, { userId: reset.userId });
    return true;
  });
}
