import type { AuthMethod } from "../core/types.js";

export const CATEGORIES = [
  "ADS",
  "PRODUCT_FEED",
  "SOCIAL",
  "ANALYTICS",
  "PAYMENT",
  "CRM",
  "E-COMMERCE",
  "EMAILING",
  "REVIEW",
  "STORE_APPLICATION",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const PLATFORM_FLAGS = ["new", "popular", "beta", "deprecated"] as const;
export type PlatformFlag = (typeof PLATFORM_FLAGS)[number];

/** Alert kinds of spec 1 §3, plus the option kinds its alert option catalogue names. */
export const ALERT_OPTION_KINDS = [
  "metric",
  "pacing",
  "kpi",
  "anomaly",
  "security",
  "url_checker",
  "conversion_tag",
  "ads",
  "polymathee",
  "product_available",
] as const;
export type AlertOptionKind = (typeof ALERT_OPTION_KINDS)[number];

export const ENTITY_LEVELS = [
  "ACCOUNT",
  "CAMPAIGN",
  "ADGROUP",
  "PAGE",
  "POST",
  "PRODUCT_AVAILABILITY",
  "E_COMMERCE",
  "EVENT_TRACKING",
  "GOAL_CONVERSION",
  "PAGE_TRACKING",
  "SESSION",
  "SITE_SPEED",
  "SOCIAL_INTERACTION",
  "TRAFFIC_SOURCE",
  "USER",
] as const;
export type EntityLevel = (typeof ENTITY_LEVELS)[number];

export type AlertOptions = Partial<Record<AlertOptionKind, EntityLevel[]>>;

/** Where a form value lands in the credential payload of spec 3 §7. */
export type PayloadSlot = "key" | "secret" | `options.${string}`;

export interface ConnectionField {
  /** The form field name (spec 3 §2.7), e.g. consumerKey, storeUrl. */
  name: string;
  label: string;
  type: "text" | "password" | "url" | "select" | "textarea";
  required: boolean;
  placeholder?: string;
  help?: string;
  /** Payload slots this value fills (CommentSold's token fills both key and secret). */
  slots: PayloadSlot[];
  /** A comma-separated value sent as a list (review ids, page ids, URLs, keywords). */
  list?: boolean;
  /** Choices of a select. */
  choices?: { value: string; label: string }[];
  default?: string;
}

export interface PlatformIcon {
  /** Two or three letters drawn on the monogram. */
  monogram: string;
  /** Brand-ish background colour. */
  color: string;
}

/**
 * A platform's catalogue entry as its folder writes it (engine/connectors/<id>/platform.ts). The
 * auth method comes from the folder's connector; only a folder without one states it here.
 */
export interface PlatformEntry {
  id: string;
  displayName: string;
  authMethod?: AuthMethod;
  category: Category;
  alertsActive: boolean;
  availableToAll: boolean;
  /** Offered as a Looker Studio (reporting studio) connector. */
  reportingStudio: boolean;
  /** Usable in data streams (extract-transform-load flow). */
  etl: boolean;
  alertOptions: AlertOptions;
  flag?: PlatformFlag;
  /** Extra connection fields (spec 1 §3) and credential form fields (spec 3 §2.7). */
  connectionFields: ConnectionField[];
  /** Payload values the form sets itself (spec 3 §4: review sources key "void", ...). */
  fixedCredential?: { key?: string; secret?: string };
  /** The credential form's path (spec 3 §2.7), for api-key platforms and pre-OAuth forms. */
  formRoute?: string;
  /** Other identifiers the spec uses for the same platform (e.g. big-commerce). */
  aliases?: string[];
  icon: PlatformIcon;
  description: string;
}

/** An entry with its auth method resolved (the connector's, or the entry's while it has none). */
export interface PlatformDefinition extends PlatformEntry {
  authMethod: AuthMethod;
}

export interface Platform extends PlatformDefinition {
  /** True when a connector is registered; false shows "coming soon" and cannot be connected. */
  implemented: boolean;
}
