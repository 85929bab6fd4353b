import type { ColumnType, Generated, Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/** Issue 8: sign-up, billing events, usage, admin audit and the Looker Studio field overlay. */
export interface PendingSignupsTable {
  id: Generated<number>;
  email: string;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string;
  tokenDigest: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  companyId: number | null;
  processedAt: Timestamp;
}

export interface AccountUsageTable {
  companyId: number;
  dataSourceId: number;
  /** yyyy-mm-dd (UTC day). */
  day: ColumnType<string, string, string>;
  firstVia: string;
  firstUsedAt: Timestamp;
  lastUsedAt: Timestamp;
  /** The account's name, id and platform, copied when it is deleted (its reads still count). */
  goneName: ColumnType<string | null, never, string | null>;
  goneAccountId: ColumnType<string | null, never, string | null>;
  gonePlatform: ColumnType<string | null, never, string | null>;
}

export interface AdminActionsTable {
  id: Generated<number>;
  adminId: number | null;
  actingAsUserId: number | null;
  companyId: number | null;
  action: string;
  detail: string | null;
  createdAt: Timestamp;
}

export interface GdsFieldsTable {
  id: Generated<number>;
  companyId: number | null;
  platform: string;
  fieldId: string;
  defaultName: string;
  defaultDescription: string;
  name: string | null;
  description: string | null;
  formula: string | null;
  status: Generated<string>;
  type: string;
  fieldType: string;
  aggregationType: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface GdsFieldTranslationsTable {
  id: Generated<number>;
  fieldId: number;
  languageCode: string;
  name: string;
  description: string;
}

export interface AccountTables {
  pendingSignups: PendingSignupsTable;
  stripeEvents: StripeEventsTable;
  accountUsage: AccountUsageTable;
  adminActions: AdminActionsTable;
  gdsFields: GdsFieldsTable;
  gdsFieldTranslations: GdsFieldTranslationsTable;
}

export type GdsField = Selectable<GdsFieldsTable>;
export type GdsFieldTranslation = Selectable<GdsFieldTranslationsTable>;
