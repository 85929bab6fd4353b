import type { Generated, Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/** A client connect link (decision 0932): one platform, one use, for one company. */
export interface ClientConnectLinksTable {
  id: Generated<number>;
  companyId: number;
  createdById: number;
  platform: string;
  /** Who the link is for, as the creator named them (shown to the client and in the list). */
  clientName: string;
  /** What the creator tells the client (optional). */
  message: string | null;
  tokenDigest: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  /** The source the link created. */
  networkAuthorizationId: number | null;
  /** The client's trip to an OAuth platform: its state's digest, OAuth 1.0a's request token, the encrypted secret. */
  oauthStateDigest: string | null;
  oauthRequestToken: string | null;
  oauthSecretEncrypted: string | null;
  oauthStartedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface ClientLinkTables {
  clientConnectLinks: ClientConnectLinksTable;
}

export type ClientConnectLink = Selectable<ClientConnectLinksTable>;
