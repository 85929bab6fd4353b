import { getEnv } from "../../lib/env.js";
export { readOutbox } from "../../lib/mail.js";

export function smtpConfigured(): boolean {
  return Boolean(getEnv().SMTP_URL);
}
