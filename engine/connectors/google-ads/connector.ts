// Google Ads through the REST interface of the Google Ads API: GAQL reports streamed by
// googleAds:searchStream (https://developers.google.com/google-ads/api/rest/reference/rest/latest/customers.googleAds/searchStream),
// OAuth 2.0 with the developer-token header and login-customer-id for accounts under a manager
// (https://developers.google.com/google-ads/api/rest/auth).
import { z } from "zod";
import { assertCompatible } from "../../core/compatibility.js";
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import type { PreparedRequest } from "../../core/http-types.js";
import { redact } from "../../core/redact.js";
import type { AppCredentials, Connector, ConnectorContext, Credential, FieldIncompatibility, ReadRequest, RowPage } from "../../core/types.js";
import { listAccessibleCustomerIds, listHierarchy, loginCustomerIdFor } from "./accounts.js";
import { classifyGoogleAdsError, classifyStreamError } from "./errors.js";
import { ALL_REPORTS, DEFAULT_REPORT, FIELD_BY_GAQL, FIELD_BY_ID, FIELDS_BY_REPORT, GAQL_FIELDS_BY_REPORT, GAQL_OPTION, GOOGLE_ADS_CONFIG_FIELDS, REPORT_RESOURCE } from "./fields.js";
import { buildQuery, toRow, type SearchStreamBatch } from "./gaql.js";
import type { GeneratedGaqlField } from "./gaql-field.js";
import { parseCustomGaql } from "./custom-gaql.js";
import { googleAdsMetadata, incompatibilities } from "./metadata.js";
import { CUSTOM_GAQL_REPORT } from "./reports.js";
import { listGoogleAdsAdUrls, listGoogleAdsConversionTags, listGoogleAdsProducts } from "./checks.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { googleOAuth2 } from "../shared/google-api.js";

const PLATFORM = "google-ads";

/** Versions live about a year (https://developers.google.com/google-ads/api/docs/sunset-dates). */
export const GOOGLE_ADS_API_VERSION = "v25";

/**
 * One searchStream call per account and slice: a day-level slice of 31 days or an hour-level
 * slice of 7 days keeps each streamed answer to a size we can hold while paging it out.
 */
const DAYS_PER_QUERY = { day: 31, hour: 7 } as const;

const batchesSchema = z.array(
  z.object({
    results: z.array(z.record(z.string(), z.any())).optional(),
    fieldMask: z.string().optional(),
    requestId: z.string().optional(),
    // A stream that fails after it started still answers 200: the failure is an element.
    error: z.unknown().optional(),
  }),
);

const CATALOGUE: ReportCatalogue = { platform: PLATFORM, fields: FIELDS_BY_REPORT, defaultReport: DEFAULT_REPORT, reports: ALL_REPORTS, configFields: GOOGLE_ADS_CONFIG_FIELDS };

/** The resources a custom GAQL query may read FROM: those of our reports. */
const CUSTOM_RESOURCES = new Set(Object.values(REPORT_RESOURCE));

function developerToken(app: AppCredentials | undefined): string {
  const token = app?.extra?.developerToken;
  if (!token) {
    throw new ConnectorError({
      kind: "system",
      platform: PLATFORM,
      message: "The Google Ads developer token is not configured on this server (GOOGLE_ADS_DEVELOPER_TOKEN).",
    });
  }
  return token;
}

const fieldsOf = (report: string, ids: readonly string[]) => ids.map((id) => GAQL_FIELDS_BY_REPORT[report].find((f) => f.id === id) ?? FIELD_BY_ID.get(id)!);

/** The report's rules from the API's metadata, for the fields of `report` given a selection. */
async function reportIncompatibilities(ctx: ConnectorContext, report: string, selected: readonly GeneratedGaqlField[]): Promise<FieldIncompatibility[]> {
  const resource = REPORT_RESOURCE[report];
  if (!resource) return [];
  return incompatibilities(await googleAdsMetadata(ctx), resource, GAQL_FIELDS_BY_REPORT[report], selected);
}

/** One searchStream call; a batch carrying an error fails the whole answer (no partial rows). */
async function searchStream(ctx: ConnectorContext, customerId: string, login: string, query: string): Promise<SearchStreamBatch[]> {
  const url = `/customers/${customerId}/googleAds:searchStream`;
  const batches: SearchStreamBatch[] = await ctx.http.json({ method: "POST", url, headers: { "login-customer-id": login }, json: { query }, account: customerId }, batchesSchema);
  const failed = batches.find((b) => b.error !== undefined && b.error !== null);
  if (failed) {
    throw classifyStreamError(failed.error, { method: "POST", url: redact(new URL(url.replace(/^\//, ""), `${ctx.http.baseUrl.replace(/\/?$/, "/")}`).toString()), customerId });
  }
  return batches;
}

async function* readAccounts(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
  const { report } = resolveReportRequest(CATALOGUE, req);
  const range = assertDateRange(req.range);
  const hourly = req.granularity === "hour" || req.fields.includes("hour");
  const custom = report === CUSTOM_GAQL_REPORT.id ? parseCustomGaql(optionValue(req.options?.[GAQL_OPTION]), FIELD_BY_GAQL, CUSTOM_RESOURCES) : undefined;
  const wanted = fieldsOf(report, req.fields);
  if (custom) {
    const missing = wanted.filter((f) => !custom.fields.includes(f));
    if (missing.length > 0) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: `Fields asked but not in the GAQL query's SELECT: ${missing.map((f) => `${f.id} (${f.gaql})`).join(", ")}. Add them to the SELECT or remove them from the request.` });
    }
    if (hourly && !custom.fields.some((f) => f.gaql === "segments.hour")) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "An hourly read of a custom GAQL query needs segments.hour (and segments.date) in its SELECT." });
    }
  }
  // Hourly reads are segmented by day and hour even when those columns are not asked for, so
  // each row stays one hour of one day (the alerts' 4/8/12-hour windows sum them).
  const implicit = hourly && !custom ? ["segments.date", "segments.hour"].map((g) => FIELD_BY_GAQL.get(g)!) : [];
  const selected = [...new Set([...wanted, ...implicit])];
  // The API's own compatibility rules, checked before any report request (a 400 naming the fields).
  if (!custom) assertCompatible(PLATFORM, selected.map((f) => f.id), await reportIncompatibilities(ctx, report, selected));
  const columns = custom ? custom.fields.map((f) => f.gaql) : selected.map((f) => f.gaql);

  for (const account of req.accounts) {
    const customerId = account.id.replace(/-/g, "");
    const login = await loginCustomerIdFor(ctx, customerId);
    for (const slice of splitDateRange(range, DAYS_PER_QUERY[hourly ? "hour" : "day"])) {
      const query = custom ? custom.query(slice) : buildQuery(REPORT_RESOURCE[report], columns, slice);
      for (const batch of await searchStream(ctx, customerId, login, query)) {
        const rows = (batch.results ?? []).map((result) => toRow(result, wanted));
        if (rows.length > 0) yield { rows };
      }
    }
  }
}

const optionValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const googleAdsConnector: Connector = {
  id: PLATFORM,
  authMethod: "oauth2",
  // segments.date and segments.hour are in the account's time zone, money in its currency
  // (https://developers.google.com/google-ads/api/docs/reporting/segmentation#date_segments).
  timezone: "account",
  currency: "account",
  // Conversions are reported on the day of the ad interaction, so they keep landing on past days
  // for the length of the conversion window, 30 days by default
  // (https://support.google.com/google-ads/answer/3123169); cost and clicks settle within ~3 days
  // of invalid-click adjustments. Re-reading 30 days keeps conversions right for default windows.
  restatementDays: 30,
  allowedHosts: ["googleads.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: `https://googleads.googleapis.com/${GOOGLE_ADS_API_VERSION}`,
  supportsHourly: true,
  // Google Ads meters requests per developer token and per customer; 4 parallel streams per
  // customer stays well inside the documented QPS (https://developers.google.com/google-ads/api/docs/best-practices/quotas).
  rateLimit: { maxConcurrent: 4, minTimeMs: 100 },
  oauth2: googleOAuth2(["https://www.googleapis.com/auth/adwords"]),

  authorize(request: PreparedRequest, credential: Credential, app: AppCredentials | undefined) {
    setOAuth2Bearer(request, credential, PLATFORM, "Google Ads");
    request.headers["developer-token"] = developerToken(app);
  },
  classifyError: classifyGoogleAdsError,

  async check(ctx) {
    const ids = await listAccessibleCustomerIds(ctx);
    if (ids.length === 0) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected Google login has no Google Ads account. Reconnect with a login that can open Google Ads." });
    }
    return { ok: true, identity: `${ids.length} accessible Google Ads customer${ids.length > 1 ? "s" : ""}` };
  },
  async listAccounts(ctx) {
    return (await listHierarchy(ctx)).map(({ id, name, timezone, currency, status }) => ({ id, name, timezone, currency, status }));
  },
  ...catalogueMethods(CATALOGUE),
  async incompatibleFields(ctx, { report, selected }) {
    // Without a credential the metadata endpoint cannot be asked; the read still checks.
    const id = report || DEFAULT_REPORT;
    if (!ctx || !GAQL_FIELDS_BY_REPORT[id]) return [];
    const chosen = selected.map((s) => FIELD_BY_ID.get(s)).filter((f): f is GeneratedGaqlField => f !== undefined);
    return reportIncompatibilities(ctx, id, chosen);
  },
  read(ctx, req) {
    return readAccounts(ctx, req);
  },
  // Automatic checks (issue 7): ad final URLs and conversion actions; no domain verification exists.
  listAdUrls: (ctx, account) => listGoogleAdsAdUrls(ctx, account),
  listConversionTags: (ctx, account) => listGoogleAdsConversionTags(ctx, account),
  // Shopping products and their availability (product_available, decision 0515).
  listProducts: (ctx, account) => listGoogleAdsProducts(ctx, account),
};
