import { getEnv } from "../../lib/env.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import { getDb } from "./db.server.js";
import { findUserByEmailForSignIn } from "../../db/repositories/users.js";
import { countRecentFailures, recordLoginAttempt } from "../../db/repositories/login-attempts.js";
import type { User } from "../../db/schema.js";

export type PasswordLoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryInMinutes: number };

/**
 * Password sign-in with throttling: after LOGIN_MAX_FAILURES failures for one e-mail within
 * LOGIN_LOCK_MINUTES, further attempts are refused (even with the right password) until the
 * window passes. Unknown e-mail and wrong password answer the same, so e-mails cannot be probed.
 */
export async function loginWithPassword(input: { email: string; password: string; ip: string | null }, now = new Date()): Promise<PasswordLoginResult> {
  const env = getEnv();
  const db = getDb();
  const windowMs = env.LOGIN_LOCK_MINUTES * 60_000;
  const { failures, lastFailureAt } = await countRecentFailures(db, input.email, new Date(now.getTime() - windowMs));
  if (failures >= env.LOGIN_MAX_FAILURES && lastFailureAt) {
    const retryAt = lastFailureAt.getTime() + windowMs;
    return { ok: false, reason: "throttled", retryInMinutes: Math.max(1, Math.ceil((retryAt - now.getTime()) / 60_000)) };
  }
  const user = await findUserByEmailForSignIn(db, input.email);
  // Verify against a dummy hash for unknown e-mails so both answers take the same time.
  const valid = await verifyPassword(user?.isActive ? user.passwordHash : await dummyHash(), input.password);
  await recordLoginAttempt(db, { email: input.email, ip: input.ip, success: Boolean(user && valid) });
  if (!user || !user.isActive || !valid) return { ok: false, reason: "invalid" };
  return { ok: true, user };
}

export function clientIp(request: Request): string | null {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
