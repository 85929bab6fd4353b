import { setTimeout as sleep } from "node:timers/promises";
import { getEnv, type Env } from "../../lib/env.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import { decideSignIn, type ThrottleLimits } from "../../lib/sign-in-throttle.js";
import { getDb } from "./db.server.js";
import { findUserByEmailForSignIn } from "../../db/repositories/users.js";
import { reserveLoginAttempt, settleLoginAttempt, throttleFacts } from "../../db/repositories/login-attempts.js";
import type { User } from "../../db/schema.js";

export type PasswordLoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; scope: "pair" | "ip"; retryInMs: number };

export function throttleLimits(env: Env = getEnv()): ThrottleLimits {
  return {
    windowMs: env.LOGIN_LOCK_MINUTES * 60_000,
    maxPairFailures: env.LOGIN_MAX_FAILURES,
    maxIpFailures: env.LOGIN_MAX_FAILURES_PER_IP,
    slowdownAfter: env.LOGIN_SLOWDOWN_AFTER,
    maxPauseMs: env.LOGIN_MAX_PAUSE_SECONDS * 1000,
  };
}

/**
 * Password sign-in under the throttling rules of docs/decisions/0850-throttling.md: the attempt
 * is recorded first, the rules read the failures recorded before it (lib/sign-in-throttle.ts),
 * a refused attempt never checks the password. Unknown e-mail and wrong password answer the
 * same, so e-mails cannot be probed. `ip` is the web server's client address (clientAddress).
 */
export async function loginWithPassword(
  input: { email: string; password: string; ip: string | null },
  deps: { pause: (ms: number) => Promise<unknown> } = { pause: sleep },
): Promise<PasswordLoginResult> {
  const db = getDb();
  const limits = throttleLimits();
  const attemptId = await reserveLoginAttempt(db, input);
  const { facts, now } = await throttleFacts(db, { email: input.email, ip: input.ip, beforeId: attemptId, windowMs: limits.windowMs });
  const decision = decideSignIn(facts, now, limits);
  if (!decision.allow) {
    await settleLoginAttempt(db, attemptId, "refused");
    return { ok: false, reason: "throttled", scope: decision.scope, retryInMs: decision.retryAt.getTime() - now.getTime() };
  }
  // Many failures on this e-mail from everywhere: slow every attempt down, refuse none.
  if (decision.pauseMs > 0) await deps.pause(decision.pauseMs);
  const user = await findUserByEmailForSignIn(db, input.email);
  // Verify against a dummy hash for unknown e-mails so both answers take the same time.
  const valid = await verifyPassword(user?.isActive ? user.passwordHash : await dummyHash(), input.password);
  const ok = Boolean(user && user.isActive && valid);
  await settleLoginAttempt(db, attemptId, ok ? "success" : "failure");
  if (!ok || !user) return { ok: false, reason: "invalid" };
  return { ok: true, user };
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
