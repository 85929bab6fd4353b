import type { ColumnType, Generated, Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/** A pending "Connect your account" (OAuth state, OAuth 1.0a request token, checked credential). */
export interface SourceConnectAttemptsTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  platform: string;
  name: string;
  /** Set when the attempt refreshes an existing source. */
  networkAuthorizationId: number | null;
  stateDigest: string;
  requestToken: string | null;
  /** encryptJson of the OAuth 1.0a request token secret or the checked api-key credential. */
  secretEncrypted: string | null;
  mode: ColumnType<"page" | "popup", "page" | "popup" | undefined, "page" | "popup">;
  fromApp: string | null;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
}

export interface SourcesTables {
  sourceConnectAttempts: SourceConnectAttemptsTable;
}

export type SourceConnectAttempt = Selectable<SourceConnectAttemptsTable>;
