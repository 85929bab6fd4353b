import type { Generated, Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/**
 * Issue 9: the product as an OAuth2 provider for its own connectors and add-ons (Looker Studio
 * community connector, Google Sheets and Excel add-ons), and the Excel one-click link.
 */
export interface OauthClientsTable {
  /** The public client_id. */
  id: string;
  name: string;
  /** tokenDigest of the client secret; the secret itself is never stored. */
  secretDigest: string;
  /** Exact redirect URIs this client may use (compared byte for byte). */
  redirectUris: string[];
  /** Apps Script ids of the Looker Studio connectors, mapped to the platform each one serves. */
  scriptPlatforms: Generated<Record<string, string>>;
  createdAt: Timestamp;
}

export interface OauthCodesTable {
  /** tokenDigest of the code handed to the client. */
  codeDigest: string;
  clientId: string;
  companyId: number;
  userId: number;
  redirectUri: string;
  platform: string | null;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface OauthTokensTable {
  id: Generated<number>;
  clientId: string;
  companyId: number;
  userId: number;
  accessDigest: string;
  refreshDigest: string;
  accessExpiresAt: Timestamp;
  refreshExpiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** Excel one-click sign-in: the add-in makes a uuid, the signed-in user links it, the add-in claims a token once. */
export interface AddonLinksTable {
  uuid: string;
  platform: string;
  companyId: number | null;
  userId: number | null;
  linkedAt: NullableTimestamp;
  claimedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface IntegrationTables {
  oauthClients: OauthClientsTable;
  oauthCodes: OauthCodesTable;
  oauthTokens: OauthTokensTable;
  addonLinks: AddonLinksTable;
  localStorages: LocalStoragesTable;
  localStorageSources: LocalStorageSourcesTable;
}

export type OauthClient = Selectable<OauthClientsTable>;
export type OauthToken = Selectable<OauthTokensTable>;

/** Local-storage pipelines (spec 2 §3): a pipeline keeps sources (platform, account, authorization, fields). */
export interface LocalStoragesTable {
  id: Generated<number>;
  companyId: number;
  options: Record<string, unknown>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface LocalStorageSourcesTable {
  id: Generated<number>;
  companyId: number;
  localStorageId: number;
  platform: string;
  accountId: string;
  authorizationId: number;
  fields: string[];
  createdAt: Timestamp;
}
