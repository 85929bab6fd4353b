import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { QueryUrlTables } from "./tables/query-urls.js";
import type { AccountTables } from "./tables/account.js";
import type { SourcesTables } from "./tables/sources.js";
import type { DataStreamTables } from "./tables/data-streams.js";
import type { AlertTables } from "./tables/alerts.js";
import type { CheckTables } from "./tables/checks.js";
import type { ThrottlingTables } from "./tables/throttling.js";
import type { IntegrationTables } from "./tables/integrations.js";
import type { ReadCacheTables } from "./tables/read-cache.js";
import type { McpTables } from "./tables/mcp.js";
import type { CurrencyTables } from "./tables/currency.js";
import type { ClientLinkTables } from "./tables/client-links.js";

/**
 * The database as TypeScript sees it (camelCase through CamelCasePlugin). The core tables are
 * here; each area declares its own tables in db/tables/<area>.ts (an interface of table name ->
 * table type) and adds it to the `extends` list of Database below: one line per area.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Json<T> = ColumnType<T, string | T, string | T>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  createdAt: Timestamp;
  trialEndsAt: ColumnType<Date, Date | string, Date | string>;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripeSubscriptionState: string | null;
  stripePlan: string | null;
  stripeSubscriptionNumberDataSource: number | null;
  mainUserId: number | null;
  activateAlert: Generated<boolean>;
  apiKeyEncrypted: string;
  apiKeyDigest: string;
  slackAuthorizationEncrypted: string | null;
  slackChannelId: string | null;
  slackChannelName: Generated<string | null>;
  stripeCurrency: Generated<string | null>;
  stripeInterval: Generated<string | null>;
  stripePeriodEnd: NullableTimestamp;
  overLimitSince: NullableTimestamp;
  /** When the starter alert templates were added (once, issue 18). */
  starterTemplatesAt: NullableTimestamp;
  /** ISO 4217 code money is converted into (decision 0930); null: no conversion. */
  reportingCurrency: Generated<string | null>;
}

export interface UsersTable {
  id: Generated<number>;
  companyId: number;
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  isActive: Generated<boolean>;
  googleId: string | null;
  skippedGettingStarted: Generated<boolean>;
  /** IANA time zone chosen on the profile; null: the browser's (issue 19). */
  timeZone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Alert e-mails: one at each change, or one daily digest (issue 18). */
  alertEmail: ColumnType<"each" | "digest", "each" | "digest" | undefined, "each" | "digest">;
  /** The day (YYYY-MM-DD, UTC) the last digest went out. */
  digestSentOn: string | null;
  createdAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  userId: number;
  impersonatorId: number | null;
  data: Json<Record<string, unknown>>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createdAt: Timestamp;
}

/** pending: checking the password; refused: throttled before the check; reset: a password reset lifted the throttle. */
export type LoginOutcome = "pending" | "failure" | "success" | "refused" | "reset";

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string | null;
  outcome: LoginOutcome;
  createdAt: Timestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  companyId: number;
  email: string;
  tokenDigest: string;
  invitedById: number | null;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenDigest: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export type AvailableAccount = { accountId: string; name: string; timezone?: string; currency?: string };

export interface NetworkAuthorizationsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  platform: string;
  state: Generated<"SUCCESS" | "ERROR" | "ACCOUNT_NOT_AVAILABLE">;
  status: string | null;
  numberError: Generated<number>;
  credentialEncrypted: string;
  options: Json<Record<string, string | number | string[]>>;
  availableDataSources: Json<AvailableAccount[] | null>;
  lastRefresh: NullableTimestamp;
  createdById: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DataSourcesTable {
  id: Generated<number>;
  companyId: number;
  networkAuthorizationId: number;
  accountId: string;
  name: string;
  timezone: string | null;
  currency: string | null;
  blockedAt: NullableTimestamp;
  activateAlert: boolean | null;
  backedById: number | null;
  createdAt: Timestamp;
}

export interface DataSourceAssigneesTable {
  dataSourceId: number;
  userId: number;
}

export interface CoreTables {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  invitations: InvitationsTable;
  passwordResets: PasswordResetsTable;
  networkAuthorizations: NetworkAuthorizationsTable;
  dataSources: DataSourcesTable;
  dataSourceAssignees: DataSourceAssigneesTable;
}

export interface Database extends CoreTables, QueryUrlTables, AccountTables, SourcesTables, DataStreamTables, AlertTables, IntegrationTables, CheckTables, ThrottlingTables, McpTables, CurrencyTables, ClientLinkTables, ReadCacheTables {}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NetworkAuthorization = Selectable<NetworkAuthorizationsTable>;
export type DataSource = Selectable<DataSourcesTable>;
