import { getEnv } from "../../lib/env.js";
import { getDb } from "./db.server.js";
import { reserveMailRequest, type MailReservation } from "../../db/repositories/mail-requests.js";
import type { MailKind } from "../../db/tables/throttling.js";

export type { MailReservation };

/**
 * The one gate before an account e-mail (password reset, invitation, sign-up verification) is
 * sent: MAIL_LIMIT_PER_ADDRESS per recipient and kind, MAIL_LIMIT_PER_IP per client address, per
 * MAIL_LIMIT_WINDOW_MINUTES (docs/decisions/0850-throttling.md). Counted whether or not the
 * address has an account, so the answer tells nothing about it.
 */
export async function reserveAccountMail(input: { kind: MailKind; address: string; ip: string | null }): Promise<MailReservation> {
  const env = getEnv();
  return reserveMailRequest(getDb(), input, { perAddress: env.MAIL_LIMIT_PER_ADDRESS, perIp: env.MAIL_LIMIT_PER_IP, windowMs: env.MAIL_LIMIT_WINDOW_MINUTES * 60_000 });
}
