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
  /** tokenDigest of the client secret; the secret itself is never stored. Null for a public client. */
  secretDigest: string | null;
  /**
   * A public client (code that runs where users can read it, such as an add-in's task pane) has no
   * secret: it authenticates by client_id alone and must use PKCE (S256).
   */
  public: Generated<boolean>;
  /** Exact redirect URIs this client may use (compared byte for byte). */
  redirectUris: string[];
  /** Apps Script ids of the Looker Studio connectors, mapped to the platform each one serves. */
  scriptPlatforms: Generated<Record<string, string>>;
  /** Registered by the application itself (RFC 7591, an MCP assistant), not by an operator: its name is unverified. */
  dynamic: Generated<boolean>;
  /** The client address a dynamic registration came from (registrations are counted per address). */
  registeredIp: Generated<string | null>;
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
  /** PKCE (RFC 7636): the S256 challenge the authorization request carried, checked at the token endpoint. */
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  /** RFC 8707: the resource the code was asked for (the MCP endpoint), null for the add-ins. */
  resource: Generated<string | null>;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

/**
 * What a user let an application read (decision 0861): one consent, or one confirmed add-in link.
 * Its tokens, rotated or not, are one family; revoking the grant revokes them all. Listed in
 * Settings → Connected apps; revoked there, by a replayed refresh token or code, and by a password
 * change or an API-key rotation.
 */
export interface OauthGrantsTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  clientId: string;
  platform: string | null;
  via: "consent" | "link";
  codeDigest: string | null;
  /** RFC 8707: where its tokens may be used (the MCP endpoint), null for the add-in endpoints. */
  resource: Generated<string | null>;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
}

export interface OauthTokensTable {
  id: Generated<number>;
  grantId: number;
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
  oauthGrants: OauthGrantsTable;
  oauthTokens: OauthTokensTable;
  addonLinks: AddonLinksTable;
  localStorages: LocalStoragesTable;
  localStorageSources: LocalStorageSourcesTable;
}

export type OauthClient = Selectable<OauthClientsTable>;
export type OauthToken = Selectable<OauthTokensTable>;
export type OauthGrant = Selectable<OauthGrantsTable>;

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
