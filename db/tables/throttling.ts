import type { Generated } from "kysely";
import type { Timestamp } from "../schema.js";

/** Account e-mails the product was asked to send, counted per recipient and per client address. */
export type MailKind = "password-reset" | "invitation" | "signup-verification";

export interface MailRequestsTable {
  id: Generated<number>;
  kind: MailKind;
  /** The recipient, trimmed and lower-cased. */
  address: string;
  ip: string | null;
  /** Over a limit: nothing was sent, and it does not count against later requests. */
  refused: Generated<boolean>;
  createdAt: Timestamp;
}

export interface ThrottlingTables {
  mailRequests: MailRequestsTable;
}
