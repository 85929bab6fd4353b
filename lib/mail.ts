import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "./env.js";
import { dataDir } from "./paths.js";

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Where mail goes when SMTP_URL is unset: one JSON file per message that a developer can read. */
export const outboxDir = () => path.join(dataDir(), "outbox");

let transport: nodemailer.Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    transport ??= nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({ from: env.MAIL_FROM, ...mail });
    return;
  }
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
  fs.writeFileSync(path.join(dir, name), JSON.stringify({ from: env.MAIL_FROM, ...mail, sentAt: new Date().toISOString() }, null, 2));
}

/** Reads the local outbox, newest first (used by the dev mail page and by tests). */
export function readOutbox(): Array<Mail & { sentAt: string; file: string }> {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse()
    .map((file) => ({ ...JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file }));
}
