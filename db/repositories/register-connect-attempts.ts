// Register-mode connections (spec 3 §2.5): owned by no company until a signed-in browser claims
// one. Every function goes through the state digest; the state itself is never stored.
import type { DB } from "../connection.js";
import type { RegisterConnectAttempt } from "../tables/sources.js";
import { decryptJson, encryptJson } from "../../lib/secrets.js";

export type NewRegisterAttempt = {
  platform: string;
  stateDigest: string;
  requestToken?: string | null;
  secret?: unknown;
  fromApp?: string | null;
  returnTo?: string | null;
  expiresAt: Date;
};

export async function createRegisterAttempt(db: DB, input: NewRegisterAttempt): Promise<RegisterConnectAttempt> {
  // Housekeeping: these rows live for an hour at most; drop expired ones whenever a new one starts.
  await db.deleteFrom("registerConnectAttempts").where("expiresAt", "<", new Date()).execute();
  return db
    .insertInto("registerConnectAttempts")
    .values({
      platform: input.platform,
      stateDigest: input.stateDigest,
      requestToken: input.requestToken ?? null,
      secretEncrypted: input.secret === undefined ? null : encryptJson(input.secret),
      fromApp: input.fromApp ?? null,
      returnTo: input.returnTo ?? null,
      expiresAt: input.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The platform came back: keeps the authorized credential (encrypted) and extends the attempt
 * until the person has signed up. Only an attempt still waiting for its platform is updated, so a
 * replayed return answers undefined.
 */
export async function authorizeRegisterAttempt(
  db: DB,
  stateDigest: string,
  secret: unknown,
  expiresAt: Date,
  now: Date = new Date(),
): Promise<RegisterConnectAttempt | undefined> {
  return db
    .updateTable("registerConnectAttempts")
    .set({ secretEncrypted: encryptJson(secret), authorizedAt: now, expiresAt })
    .where("stateDigest", "=", stateDigest)
    .where("authorizedAt", "is", null)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** An attempt still waiting for its platform's answer (the OAuth return reads its request token). */
export async function findWaitingRegisterAttempt(db: DB, stateDigest: string, now: Date = new Date()): Promise<RegisterConnectAttempt | undefined> {
  return db
    .selectFrom("registerConnectAttempts")
    .selectAll()
    .where("stateDigest", "=", stateDigest)
    .where("authorizedAt", "is", null)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Whether a state belongs to register mode at all (used, expired or not): its return is answered here. */
export async function isRegisterState(db: DB, stateDigest: string): Promise<boolean> {
  const row = await db.selectFrom("registerConnectAttempts").select("id").where("stateDigest", "=", stateDigest).executeTakeFirst();
  return Boolean(row);
}

/** An authorized, unclaimed attempt (the sign-up page mentions it). */
export async function findAuthorizedRegisterAttempt(db: DB, stateDigest: string, now: Date = new Date()): Promise<RegisterConnectAttempt | undefined> {
  return db
    .selectFrom("registerConnectAttempts")
    .selectAll()
    .where("stateDigest", "=", stateDigest)
    .where("authorizedAt", "is not", null)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Uses the authorized attempt up and returns it; a second claim gets undefined. */
export async function claimRegisterAttempt(db: DB, stateDigest: string, now: Date = new Date()): Promise<RegisterConnectAttempt | undefined> {
  return db
    .updateTable("registerConnectAttempts")
    .set({ usedAt: now })
    .where("stateDigest", "=", stateDigest)
    .where("authorizedAt", "is not", null)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .returningAll()
    .executeTakeFirst();
}

export function readRegisterAttemptSecret<T = unknown>(attempt: Pick<RegisterConnectAttempt, "secretEncrypted">): T | undefined {
  return attempt.secretEncrypted ? decryptJson<T>(attempt.secretEncrypted) : undefined;
}
