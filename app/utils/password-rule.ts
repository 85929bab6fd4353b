import { z } from "zod";

/** The one rule for a password people choose (sign-up, invitation activation, /profile). */
export const PASSWORD_MIN = 8;

export function newPasswordSchema(missing = "Please choose a password") {
  return z.string({ error: missing }).min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`).max(200);
}
