// The OAuth 2.0 ads platforms that answer report rows per entity and day (or hour): Pinterest,
// Snapchat, Reddit, Quora, Spotify, and the Google marketing platforms (DV360, CM360, SA360, Ad
// Manager). Each platform says how to fetch one report's rows for an account and a date range and
// how a row becomes our field ids; this module owns the rest once: the shared field set (so alerts
// find impressions, clicks, cost and conversions under one name), ctr/cpc derived from summed
// parts, roll-up to the requested dimensions and hourly grouping (records.ts), the Bearer header
// and the mapping of the platform's error bodies.
import { ratio } from "../../core/aggregate.js";
import { splitDateRange } from "../../core/dates.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { dimension, metric } from "../../core/field-defs.js";
import type { AppCredentials, CellValue, Connector, DateRange, FieldDef, ReadRequest, Row } from "../../core/types.js";
import { ADS_FIELD } from "./ads-fields.js";
import { setOAuth2Bearer } from "./oauth2-bearer.js";
import { numOrNull, platformErrors, recordsConnector, type ErrorMapping, type RecordReport, type RecordsConnectorSpec } from "./records.js";

export type AdsLevel = "account" | "campaign" | "ad_group";

export interface AdsFieldOptions {
  hourly?: boolean;
  /** false for platforms without conversion reporting (Spotify, Ad Manager's publisher side). */
  conversions?: boolean;
  conversionValue?: boolean;
  /** Platform-specific dimensions and metrics appended to the shared set. */
  extra?: FieldDef[];
}

/** The shared ads fields of one report level. */
export function adsFields(level: AdsLevel, opts: AdsFieldOptions = {}): FieldDef[] {
  const f = ADS_FIELD;
  const dims: FieldDef[] = [f.date, ...(opts.hourly ? [f.hour] : []), f.account_id, f.account_name, f.account_currency];
  if (level !== "account") dims.push(f.campaign_id, f.campaign_name, f.campaign_status);
  if (level === "ad_group") dims.push(f.ad_group_id, f.ad_group_name);
  const metrics: FieldDef[] = [f.impressions, f.clicks, f.cost];
  if (opts.conversions !== false) metrics.push(f.conversions);
  if (opts.conversionValue) metrics.push(f.conversion_value);
  metrics.push(f.ctr, f.average_cpc);
  const extra = opts.extra ?? [];
  return [...dims, ...extra.filter((d) => d.type === "dimension"), ...metrics, ...extra.filter((m) => m.type === "metric")];
}

/** CPM is derived too, for the platforms that show it. */
export const CPM_FIELD = metric("cpm", "CPM", "CURRENCY", "AVG", "Cost per thousand impressions.");
export const REACH_FIELD = metric("reach", "Reach", "NUMBER", "MAX", "Unique people reached on the day (not additive across days: the maximum is kept).");
export const OBJECTIVE_FIELD = dimension("campaign_objective", "Campaign objective", "TEXT", "Objective the campaign was created with.");

/** Ratios computed from the summed parts of a group, never averaged across rows. */
export const ADS_DERIVED: Readonly<Record<string, (group: Row) => CellValue>> = {
  ctr: (g) => ratio(g.clicks, g.impressions, 4),
  average_cpc: (g) => ratio(g.cost, g.clicks, 2),
  cpm: (g) => ratio(Number(g.cost ?? 0) * 1000, g.impressions, 2),
};

/** Whether a read must be fetched hour by hour. */
export const wantsHourly = (req: Pick<ReadRequest, "granularity" | "fields">): boolean => req.granularity === "hour" || req.fields.includes("hour");

/** Micro-units (1/1,000,000 of the currency unit) as an amount; null when the answer has no value. */
export const fromMicros = (value: unknown): number | null => {
  const n = numOrNull(value);
  return n === null ? null : Math.round(n) / 1_000_000;
};

/** Date slices no longer than the platform's per-request limit for the granularity. */
export function slices(range: DateRange, req: Pick<ReadRequest, "granularity" | "fields">, maxDays: { day: number; hour: number }): DateRange[] {
  return splitDateRange(range, wantsHourly(req) ? maxDays.hour : maxDays.day);
}

export type AdsReport<Item = any> = RecordReport<Item>;

export interface AdsConnectorSpec extends Omit<RecordsConnectorSpec, "authMethod" | "classifyError" | "authorize"> {
  displayName: string;
  /** The platform's message in an error body. */
  errorMessage: ErrorMapping["message"];
  isAuthError?: ErrorMapping["isAuthError"];
  isTransient?: ErrorMapping["isTransient"];
  /** Headers every request carries besides the Bearer token (User-Agent, API version...). */
  headers?(app: AppCredentials | undefined): Record<string, string>;
  /** Replaces the default mapping for bodies the platform-neutral rule cannot read (Google's envelope). */
  classifyError?: Connector["classifyError"];
  /** api-key platforms (API keys, client credentials or logins exchanged for a session token). Default oauth2. */
  authMethod?: Connector["authMethod"];
  /** Replaces the OAuth 2.0 Bearer header (an API key header; nothing when ads-session.ts adds the token). */
  authorize?: Connector["authorize"];
  /** What the user does about rejected credentials (default "Reconnect the source."). */
  reconnect?: string;
}

/** An OAuth 2.0 Bearer ads connector: records.ts with the ads derived metrics and error mapping. */
export function adsConnector(spec: AdsConnectorSpec): Connector {
  const { displayName, errorMessage, isAuthError, isTransient, headers, classifyError, reports, authMethod, authorize, reconnect, ...rest } = spec;
  const mapped = platformErrors({ platform: spec.id, displayName, message: errorMessage, isAuthError, isTransient, reconnect });
  return recordsConnector({
    ...rest,
    authMethod: authMethod ?? "oauth2",
    reports: reports.map((r) => ({ ...r, derived: { ...pick(ADS_DERIVED, r.fields), ...r.derived } })),
    authorize(request: PreparedRequest, credential, app) {
      if (authorize) authorize(request, credential, app);
      else setOAuth2Bearer(request, credential, spec.id, displayName);
      Object.assign(request.headers, headers?.(app));
    },
    classifyError(response: HttpResponse, request: PreparedRequest) {
      return classifyError?.(response, request) ?? mapped(response, request);
    },
  });
}

function pick<T>(all: Readonly<Record<string, T>>, fields: readonly FieldDef[]): Record<string, T> {
  return Object.fromEntries(fields.filter((f) => f.id in all).map((f) => [f.id, all[f.id]]));
}
