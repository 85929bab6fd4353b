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

/**
 * Register mode (spec 3 §2.5): a connection made before its owner has an account. No company:
 * the browser that holds the state (a cookie) claims it once after signing up or in.
 */
export interface RegisterConnectAttemptsTable {
  id: Generated<number>;
  platform: string;
  stateDigest: string;
  requestToken: string | null;
  /** encryptJson of the OAuth 1.0a token secret, then of the authorized credential and accounts. */
  secretEncrypted: string | null;
  fromApp: string | null;
  /** Where the browser continues after the claim (e.g. the Looker Studio connector page). */
  returnTo: string | null;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  authorizedAt: NullableTimestamp;
  usedAt: NullableTimestamp;
}

export interface SourcesTables {
  sourceConnectAttempts: SourceConnectAttemptsTable;
  registerConnectAttempts: RegisterConnectAttemptsTable;
}

export type SourceConnectAttempt = Selectable<SourceConnectAttemptsTable>;
export type RegisterConnectAttempt = Selectable<RegisterConnectAttemptsTable>;
