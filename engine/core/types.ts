// The shapes every connector and every caller of the engine share. Nothing here does I/O.
import type { ConnectorError } from "./errors.js";
import type { HttpClient, HttpResponse, PreparedRequest } from "./http-types.js";
import type { Logger } from "./logger.js";

export type AuthMethod = "oauth2" | "oauth10A" | "api-key";

export interface OAuth2Credential {
  type: "oauth2";
  accessToken: string;
  refreshToken?: string;
  /** ISO-8601 instant; absent when the platform issues non-expiring tokens. */
  expiresAt?: string;
  scope?: string;
  /**
   * Choices the connection form made before the OAuth redirect (Zoho data center, Amazon
   * marketplace); kept with the token and across refreshes so the connector can read them.
   */
  options?: Record<string, string | string[]>;
}

export interface OAuth1Credential {
  type: "oauth1";
  token: string;
  tokenSecret: string;
}

export interface ApiKeyCredential {
  type: "api-key";
  key: string;
  secret?: string;
  /** Platform-specific extras of spec 3 §7 (shop, storeUrl, accounts, ...). */
  options?: Record<string, string | string[]>;
}

export type Credential = OAuth2Credential | OAuth1Credential | ApiKeyCredential;

/**
 * The product's own OAuth app (client id/secret, OAuth 1.0a consumer key/secret) and platform
 * extras such as Google Ads' developer token. They come from the app's environment, never from a
 * user, so they are kept apart from the user's Credential.
 */
export interface AppCredentials {
  clientId?: string;
  clientSecret?: string;
  extra?: Record<string, string>;
}

export interface Account {
  id: string;
  name: string;
  /** IANA zone, e.g. Europe/Paris. */
  timezone: string;
  /** ISO-4217 code, e.g. EUR. */
  currency: string;
  status?: "active" | "disabled" | "closed" | string;
}

export type FieldKind = "metric" | "dimension";

export const FIELD_TYPES = [
  "NUMBER",
  "PERCENT",
  "CURRENCY",
  "TEXT",
  "DATE",
  "DATETIME",
  "YEAR_MONTH_DAY",
  "YEAR_MONTH_DAY_HOUR",
  "HOUR",
  "BOOLEAN",
  "URL",
  "HYPERLINK",
  "IMAGE",
  "IMAGE_LINK",
  "DURATION",
  "COUNTRY",
  "COUNTRY_CODE",
  "REGION",
  "CITY",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const AGGREGATIONS = ["SUM", "AVG", "MAX", "MIN", "COUNT", "COUNT_DISTINCT", "NONE", "AUTO"] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export interface FieldDef {
  id: string;
  name: string;
  description: string;
  type: FieldKind;
  fieldType: FieldType;
  aggregation: Aggregation;
  /**
   * The platform's own grouping (e.g. "Conversions", "Segments: time", "Ad group"), used to group
   * field pickers of hundreds of fields. Absent: the picker groups by dimension / metric.
   */
  category?: string;
}

/** A field that cannot be requested together with the current selection, and why (the platform's rule). */
export interface FieldIncompatibility {
  fieldId: string;
  reason: string;
}

export interface ReportDef {
  id: string;
  name: string;
  description: string;
}

/** Spec 2 §3 "Config field". The field with id `report` selects the report. */
export interface ConfigField {
  id: string;
  name: string;
  helpText: string;
  allowedMultiple: boolean;
  values: { value: string; label: string }[];
  default: boolean | string;
  /** "text": a free value the connector validates itself (a custom GAQL query). */
  type: "checkbox" | "multiple" | "text";
}

export const REPORT_CONFIG_FIELD_ID = "report";

export const FILTER_TYPES = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "lower_than",
  "greater_than",
  "is_not_empty",
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export interface Filter {
  field: string;
  type: FilterType;
  /** Absent for is_not_empty. */
  value?: string | number;
}

/** Inclusive range of calendar days in the account's timezone. */
export interface DateRange {
  start: string; // YYYY-MM-DD
  end: string; // YYYY-MM-DD
}

export type Granularity = "day" | "hour";

export interface ReadRequest {
  accounts: Account[];
  fields: string[];
  range: DateRange;
  granularity?: Granularity;
  /** Connectors may push these down; the query layer re-applies them, so ignoring them is safe. */
  filters?: Filter[];
  /** Config field values, including `report`. */
  options?: Record<string, string | string[]>;
}

export type CellValue = string | number | boolean | null;
export type Row = Record<string, CellValue>;

export interface RowPage {
  rows: Row[];
}

export interface ConnectorContext {
  /** The credential as stored; the http client holds the current one after a refresh. */
  credential: Credential;
  http: HttpClient;
  app?: AppCredentials;
  /** Called after a token refresh so the caller can persist the new credential (encrypted). */
  onCredentialRefreshed?: (credential: Credential) => Promise<void>;
  /** Overrides the connector's base URL, for fakes in tests. */
  baseUrl?: string;
  signal?: AbortSignal;
  log?: Logger;
}

/** Where a connector's dates and money come from. */
export type TimezoneHandling = "account" | { fixed: string };
export type CurrencyHandling = "account" | "none" | { fixed: string };

export interface RateLimitPolicy {
  /** Simultaneous requests per budget key (account, or the credential when no account). */
  maxConcurrent?: number;
  /** Minimum spacing between two requests of one budget key. */
  minTimeMs?: number;
  /** Requests allowed per budget key per interval (a token bucket). */
  reservoir?: { amount: number; intervalMs: number };
}

export interface OAuth2Config {
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** Most platforms use a space; a few (TikTok, Facebook) use a comma. */
  scopeSeparator?: string;
  extraAuthorizeParams?: Record<string, string>;
  /** How client id/secret go to the token endpoint. RFC 6749 §2.3.1 allows both. */
  clientAuth?: "body" | "basic";
  /**
   * For platforms whose code exchange is not RFC 6749 §4.1.3 (TikTok: JSON {app_id, secret,
   * auth_code}). exchangeCode (core/oauth2.ts) calls it instead of posting the standard form.
   * It lives on the connector's oauth2 block because that block is what callers hand the exchange.
   */
  exchangeCode?: OAuth2CodeExchange;
}

export interface OAuth2CodeExchangeRequest {
  client: { clientId: string; clientSecret: string };
  code: string;
  redirectUri: string;
  /** The token URL in force (config.tokenUrl, or an override pointing at a fake). */
  tokenUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  signal?: AbortSignal;
}

export type OAuth2CodeExchange = (request: OAuth2CodeExchangeRequest) => Promise<OAuth2Credential>;

/** In extraAuthorizeParams, stands for the product's client id (TikTok wants it as app_id). */
export const OAUTH2_CLIENT_ID_PARAM = "{clientId}";

export interface OAuth1Config {
  requestTokenUrl: string;
  authorizeUrl: string;
  accessTokenUrl: string;
}

export interface CheckResult {
  ok: true;
  /** Something the user recognises (an e-mail, a shop name) to confirm the right login was used. */
  identity?: string;
}

export interface Connector {
  /** The catalogue identifier, e.g. "google-ads". */
  id: string;
  authMethod: AuthMethod;
  /** The consent page for the form's pre-redirect options (Amazon Seller: the chosen marketplace's Seller Central). */
  oauth2AuthorizeUrlFor?(options: Record<string, string | string[]> | undefined): string | undefined;
  /** The token endpoint for a credential's pre-redirect options (Zoho: one accounts server per data center). */
  oauth2TokenUrlFor?(options: Record<string, string | string[]> | undefined): string | undefined;
  /** Other credential kinds the connector also reads (Mailchimp: OAuth tokens and API keys). */
  alsoAccepts?: readonly AuthMethod[];
  timezone: TimezoneHandling;
  currency: CurrencyHandling;
  /** How many recent days the platform may still revise (re-extract them on every run). */
  restatementDays: number;
  /** Hosts this connector may call; "*.example.com" matches any subdomain. */
  allowedHosts: string[];
  defaultBaseUrl: string;
  /** For platforms whose host is the customer's own (Shopify shop, WooCommerce store). */
  baseUrlFor?(credential: Credential): string | undefined;
  /** Whether read() honours granularity "hour". */
  supportsHourly?: boolean;
  rateLimit?: RateLimitPolicy;
  oauth2?: OAuth2Config;
  oauth1?: OAuth1Config;
  /**
   * Puts the credential on a request. Default: oauth2 and api-key as `Authorization: Bearer`,
   * oauth1 as a signed OAuth header.
   */
  authorize?(request: PreparedRequest, credential: Credential, app: AppCredentials | undefined): void;
  /** Maps a platform's error body to a classified error; return undefined for the default rule. */
  classifyError?(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined;

  check(ctx: ConnectorContext): Promise<CheckResult>;
  listAccounts(ctx: ConnectorContext): Promise<Account[]>;
  /** ctx is absent when the caller has no credential (catalogue pages, CLI). */
  listReports(ctx?: ConnectorContext): Promise<ReportDef[]>;
  listConfigFields(ctx?: ConnectorContext): Promise<ConfigField[]>;
  /**
   * `account`: the account the fields are for, when the platform's fields differ per account (GA4
   * custom dimensions of a property); absent, the fields every account has.
   */
  listFields(ctx: ConnectorContext | undefined, opts?: { report?: string; account?: string }): Promise<FieldDef[]>;
  read(ctx: ConnectorContext, req: ReadRequest): AsyncIterable<RowPage>;
  /**
   * The platform's compatibility rules (Google Ads selectable_with, GA4 checkCompatibility, Meta's
   * breakdown combinations): given a report and the fields chosen so far, the fields of the report
   * that conflict with that selection, with the platform's reason; a chosen field that conflicts
   * with another chosen one is listed too. Pickers grey them out and queries are refused before
   * any request (assertCompatible). Absent: every combination of a report's fields works.
   */
  incompatibleFields?(ctx: ConnectorContext | undefined, opts: { report?: string; account?: string; selected: readonly string[] }): Promise<FieldIncompatibility[]>;

  // Optional capabilities of the automatic checks (issue 7); a connector without one simply
  // has no such check. All take one account and answer the platform's current state.
  /** The final URLs of the account's ads (URL checker), with yesterday's cost when known. */
  listAdUrls?(ctx: ConnectorContext, account: Account): Promise<AdUrl[]>;
  /** Conversion tags and their status (ENABLED means running). */
  listConversionTags?(ctx: ConnectorContext, account: Account): Promise<ConversionTag[]>;
  /** Domains the account advertises and whether they are verified with the platform. */
  listDomainVerifications?(ctx: ConnectorContext, account: Account): Promise<DomainVerification[]>;
  /** Shopping products with their availability and whether an enabled campaign advertises them (product_available, decision 0515). */
  listProducts?(ctx: ConnectorContext, account: Account): Promise<ShoppingProduct[]>;
}

export interface AdUrl {
  url: string;
  campaignId?: string;
  /** Spend of the ads using this URL yesterday, in the account's currency. */
  costYesterday?: number | null;
}

export interface ConversionTag {
  tagId: string;
  name: string;
  /** The platform's status, e.g. ENABLED, REMOVED, NO_RECENT_CONVERSIONS. */
  status: string;
  type: string;
  /** Last time the tag fired (YYYY-MM-DD), when the platform says. */
  lastView?: string | null;
}

export interface ShoppingProduct {
  /** Stable id within the account (e.g. merchant id and item id). */
  productId: string;
  title: string;
  /** The platform's availability, e.g. IN_STOCK, OUT_OF_STOCK, PREORDER. */
  availability: string;
  /** Included by at least one enabled campaign. */
  advertised: boolean;
  /** Spend on the product yesterday, in the account's currency, when the platform says. */
  costYesterday?: number | null;
}

export interface DomainVerification {
  domain: string;
  verifiedBy?: string | null;
  /** ISO date of the verification; null when not verified. */
  verifiedAt?: string | null;
}
