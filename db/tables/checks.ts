import type { Selectable } from "kysely";
import type { NullableTimestamp, Timestamp } from "../schema.js";

/**
 * Automatic checks (issue 7 item 8): the security (domain verification) and conversion-tag
 * checks run on a schedule; the client area reads these rows, never the platform live.
 */
export type AutomaticCheckKind = "security" | "conversion_tag" | "product";

/** Security item (spec 1 §3): one domain of one account, as the platform last reported it. */
export interface SecurityItemsTable {
  companyId: number;
  dataSourceId: number;
  /** The spec's ndd. */
  domain: string;
  verifiedBy: string | null;
  /** YYYY-MM-DD (or ISO date) of the verification; null when not verified (in error). */
  verifiedAt: string | null;
  checkedAt: Timestamp;
}

/** Conversion tag (spec 1 §3): one tag of one account; Running when status is ENABLED. */
export interface ConversionTagsTable {
  companyId: number;
  dataSourceId: number;
  tagId: string;
  name: string;
  status: string;
  type: string;
  lastView: string | null;
  checkedAt: Timestamp;
}

/** The last run of one check on one account: when, and the platform's error when it failed. */
export interface AutomaticCheckRunsTable {
  companyId: number;
  dataSourceId: number;
  kind: AutomaticCheckKind;
  checkedAt: Timestamp;
  /** Items found in error at that run (unverified domains, tags not running). */
  inError: number;
  total: number;
  error: string | null;
  /** Last successful run; the rows above are from it. */
  succeededAt: NullableTimestamp;
}

/** product_available (decision 0515): the accounts the product check is activated on, from /ads. */
export interface ProductCheckActivationsTable {
  companyId: number;
  dataSourceId: number;
  activatedBy: number | null;
  activatedAt: Timestamp;
}

/** One Shopping product of one account at the last run; in error when advertised and not IN_STOCK. */
export interface ShoppingProductsTable {
  companyId: number;
  dataSourceId: number;
  productId: string;
  title: string;
  availability: string;
  advertised: boolean;
  costYesterday: number | null;
  checkedAt: Timestamp;
}

export interface CheckTables {
  securityItems: SecurityItemsTable;
  conversionTags: ConversionTagsTable;
  automaticCheckRuns: AutomaticCheckRunsTable;
  productCheckActivations: ProductCheckActivationsTable;
  shoppingProducts: ShoppingProductsTable;
}

export type SecurityItemRow = Selectable<SecurityItemsTable>;
export type ConversionTagRow = Selectable<ConversionTagsTable>;
export type AutomaticCheckRunRow = Selectable<AutomaticCheckRunsTable>;
