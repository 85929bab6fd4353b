import argon2 from "argon2";

/** argon2id with the library's defaults (OWASP-recommended memory cost); see docs/decisions. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}
